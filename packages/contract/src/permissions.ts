import { allRouteIds, flattenRoutes, subtreeIds } from './routes';
import { isStaffType, UserType, type UserTypeValue } from './user-types';

/** Permission ids the server and the web reference by name. */
export const PERM = {
  HOME: 1001,
  HOME2: 1002,
  BASICS_SETTINGS: 1100,
  /** 数据导入: the owner's file import of members and goods (decision 190; button netbar_import_old_data). */
  DATA_IMPORT: 1110,
  SITE_LIST: 158,
  GOODS: 143,
  GOODS_CLASS: 92,
  GOODS_SPEC: 200,
  GOODS_LIST: 64,
  GOODS_SALES_PLAN: 213,
  GOODS_PROMOTION: 202,
  GOODS_MATTER: 207,
  GOODS_GROUP: 267,
  ORDER: 262,
  ORDER_LIST: 264,
  LEASE_ORDER_LIST: 263,
  DESK_ORDER_LIST: 265,
  /** 收银台 (opens also with ORDER_LIST) and the two action grants of the counter (decision 123). */
  CASHIER: 2640,
  ORDER_DISCOUNT: 2641,
  ORDER_REFUND: 2642,
  /** 租赁柜台 (opens also with ORDER_LIST): renting out and taking back without managing the items. */
  LEASE_COUNTER: 2644,
  SHIFT: 150,
  SHIFT_RECORD: 128,
  SHIFT_SUMMARY: 239,
  STOCK: 159,
  STOCK_LIST: 73,
  STOCK_HISTORY: 147,
  STOCK_DOCS: 1591,
  STOCK_INVENTORY: 1592,
  STATEMENTS: 235,
  COMPUTER_STATISTICS: 240,
  SALES_RANKING: 237,
  DEAD_STOCK: 238,
  OPERATE_STATISTIC: 241,
  STOCK_REPORT: 249,
  PRIZE_STATISTICS: 248,
  MEMBER: 179,
  MEMBER_MANAGE: 180,
  MEMBER_RIGHTS: 181,
  REDEMPTION_RECORD: 182,
  NETBAR_MANAGE: 3,
  NETBAR_LIST: 4,
  NETBAR_DELAY_CONFIG: 36,
  CHANNEL: 6,
  LOWER_CHANNEL: 7,
  COUNT_CHANNEL: 8,
  STAFF: 9,
  STAFF_LIST: 10,
  STAFF_EQUIPMENT: 11,
  NETBAR_STAFF: 50,
  NETBAR_STAFF_LIST: 52,
  STAFF_PERFORMANCE: 246,
  REWARD_RECORD: 274,
  /** 打赏发放: pay staff their tips in cash from a shift (action grant, decision 148). */
  REWARD_PAYOUT: 2741,
  WALLET: 15,
  FUND_MANAGE: 16,
  PAYMENT_PROFIT: 196,
  PAY_LINK: 17,
  USER: 19,
  USER_INFO: 1901,
  USER_SAFE: 1902,
  USER_MODIFY_INFO: 1903,
  OPERATE_LOG: 1904,
  APPLICATION: 105,
  APP_INDEX: 10501,
  PAYMENT_SETTINGS: 10502,
  DESKTOP_SETTINGS: 10503,
  BROADCAST_SETTINGS: 10504,
  ACTIVITY_GAME_LIST: 10505,
  ACTIVITY_SETTINGS: 10506,
  THREE_KINGDOMS_KILL: 10507,
  CLOUD_BILLING_HANDOVER: 10508,
  MEMBER_ACTIVITY: 10509,
  MEMBER_SIGN: 10510,
  LUCKY_BLIND_BOX: 10511,
  GIFT_BAG_EXCHANGE: 10512,
  ONLINE_RED_ENVELOPE: 10513,
  CASHIER_LUCK_DRAW: 10514,
  MARKETING_ACTIVITY: 10515,
  LIVE_DRAW: 10516,
  SMS_MARKETING: 10517,
  MACHINE_POSITION_DIAGRAM: 10518,
  EQUIPMENT_LEASING: 10519,
  SECONDARY_SCREEN: 10520,
  PRIVATE_ROOM: 10521,
  SIYU: 10522,
  PRINT_TEMPLATE: 10523,
  /** 商户进件: the netbar owner's merchant onboarding (decision 163). */
  MERCHANT_APPLY: 6110,
  MERCHANT_MANAGE: 6100,
  /** 进件审核 and 商户列表: the payment company's merchant console (decision 163). */
  MERCHANT_REVIEW: 6101,
  MERCHANT_LIST: 6102,
  /** 固定收款码审核: the payment company approves or rejects a store's fixed QR code (decision 162). */
  FIXED_QRCODE_AUDIT: 6120,
  /** 对账: the payment company's daily reconciliation of the providers' statements (decision 168). */
  RECONCILE: 6130,
  /** 支付分润 of every agent: the payment company's view of the agents' payment profit (decision 171). */
  PAYMENT_PROFIT_ALL: 6140,
  /** 交易查询: the payment company's search of every store's payments and refunds on request (decision 172). */
  TRADE_SEARCH: 6150,
  NOTICE_LIST: 2001,
  NOTICE_DETAIL: 2002,
  CUSTOM_DESKTOP: 4001,
  DIAGRAM_DETAIL: 4002,
  ADMIN: 5000,
  NOTICE_ADMIN: 5001,
  OUTBOX_ADMIN: 5002,
  AGREEMENT_ADMIN: 5003,
  AGENT_ADMIN: 5004,
  RECHARGE_ADMIN: 5005,
  PRODUCT_ADMIN: 5006,
  /** 任务队列: the recurring jobs' runs and 重试 (decision 197). */
  JOBS_ADMIN: 5007,
} as const;

export type PermId = (typeof PERM)[keyof typeof PERM];

/** The node's id and all ids below it. */
function tree(path: string): number[] {
  const node = flattenRoutes().find((n) => n.path === path);
  if (!node) throw new Error(`route table has no ${path}`);
  return subtreeIds(node);
}

function sortedUnique(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

const HOME = [PERM.HOME, PERM.HOME2];
const NOTICE = [PERM.NOTICE_LIST, PERM.NOTICE_DETAIL];
const NETBAR_BUSINESS = [
  ...tree('/goods'),
  ...tree('/order'),
  ...tree('/shift_management'),
  ...tree('/stock'),
  ...tree('/operating_statements'),
  ...tree('/Member'),
];

/** Ids an agent may grant to its staff on top of their defaults. */
export const AGENT_STAFF_GRANTABLE: readonly number[] = [3, 4, 6, 7, 8, 11, 15, 16, 196];

/**
 * Ids a netbar may grant to its staff on top of their defaults: the business subtrees, the live seat
 * map (counter work) and the seat-map editor with its machine list.
 */
export const NETBAR_STAFF_GRANTABLE: readonly number[] = sortedUnique([
  ...NETBAR_BUSINESS,
  PERM.DIAGRAM_DETAIL,
  PERM.MACHINE_POSITION_DIAGRAM,
  // equipment leasing and receipt templates (decisions 128, 129)
  PERM.EQUIPMENT_LEASING,
  PERM.PRINT_TEMPLATE,
  // 语音播报设置 (decision 189)
  PERM.BROADCAST_SETTINGS,
  // 桌面设置 (decision 192)
  PERM.DESKTOP_SETTINGS,
  // 副屏设置 (decision 191)
  PERM.SECONDARY_SCREEN,
  // rooms and tables (decision 130)
  PERM.PRIVATE_ROOM,
  // staff performance: a staff member holding it reads only their own (decision 147)
  PERM.STAFF_PERFORMANCE,
  // tips: the records (their own only) and paying them out at a handover (decision 148)
  PERM.REWARD_RECORD,
  PERM.REWARD_PAYOUT,
]);

/** Default permission ids of each user type (docs/permissions.md). */
export const DEFAULT_GRANTS: Record<UserTypeValue, number[]> = {
  [UserType.Agent]: sortedUnique([
    ...HOME,
    ...tree('/netbarManage'),
    ...tree('/channelManage'),
    ...tree('/staffManage'),
    ...tree('/myWallet'),
    ...tree('/user'),
    ...NOTICE,
  ]),
  [UserType.AgentStaff]: sortedUnique([...HOME, PERM.USER, PERM.USER_SAFE, PERM.OPERATE_LOG, ...NOTICE]),
  [UserType.Netbar]: sortedUnique([
    ...HOME,
    ...tree('/basicsSettings'),
    ...NETBAR_BUSINESS,
    ...tree('/NetbarStaffManage'),
    PERM.PAY_LINK,
    PERM.MERCHANT_APPLY,
    ...tree('/user'),
    ...tree('/application_manage'),
    PERM.CUSTOM_DESKTOP,
    PERM.DIAGRAM_DETAIL,
    ...NOTICE,
  ]),
  // The administrator runs the platform; it does not work inside a netbar's or an agent's books
  // (docs/decisions/095-admin-menu-only-what-it-can-use.md), so it sees only the pages it can use.
  [UserType.Admin]: sortedUnique([
    ...HOME,
    ...tree('/netbarManage'),
    ...tree('/user'),
    ...NOTICE,
    ...tree('/admin'),
  ]),
  [UserType.NetbarStaff]: sortedUnique([...HOME, ...NOTICE]),
  [UserType.PayCompany]: sortedUnique([
    ...HOME,
    PERM.PAY_LINK,
    PERM.APPLICATION,
    PERM.PAYMENT_SETTINGS,
    ...tree('/merchantManage'),
    ...tree('/user'),
    ...NOTICE,
  ]),
};

/** Ids that staff of this type may receive from their employer (empty for non-staff types). */
export function grantableFor(type: UserTypeValue): readonly number[] {
  if (type === UserType.AgentStaff) return AGENT_STAFF_GRANTABLE;
  if (type === UserType.NetbarStaff) return NETBAR_STAFF_GRANTABLE;
  return [];
}

/**
 * The user's effective path ids: the type's defaults plus extra ids. For staff only extra ids inside the
 * grantable set are honoured; for other types only ids that exist in the route table.
 */
export function grantsFor(type: UserTypeValue, extraIds: readonly number[] = []): number[] {
  const allowed = new Set(isStaffType(type) ? grantableFor(type) : allRouteIds());
  return sortedUnique([...DEFAULT_GRANTS[type], ...extraIds.filter((id) => allowed.has(id))]);
}

export const BUTTONS = ['login_panda', 'netbar_import_old_data'] as const;
export type ButtonName = (typeof BUTTONS)[number];

export interface ButtonGrant {
  name: ButtonName;
  available: boolean;
}

/** Button permissions: available for netbar and admin users. */
export function defaultButtons(type: UserTypeValue): ButtonGrant[] {
  const available = type === UserType.Netbar || type === UserType.Admin;
  return BUTTONS.map((name) => ({ name, available }));
}

export function hasButton(btns: readonly { name: string; available: boolean }[], name: ButtonName): boolean {
  return btns.some((b) => b.name === name && b.available);
}
