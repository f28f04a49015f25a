import { z } from 'zod';
import { reportPageFields } from './report-query';
import { ID_MAX } from './validation/fields';
import { emptyToUndefined, intField, optional, text } from './validation/helpers';

/**
 * A store's payment methods, quick payment and fixed QR code (payment service /api/c1, application
 * payment_settings 10502, decision 162). The catalogue of pay types is fixed here; a store adds each
 * at most once, names it, orders it, and says whether the cashier (收银台) and the PC client offer it.
 */

export const PAY_TYPES = ['cash', 'member', 'wechat', 'alipay', 'aggregate', 'unionpay'] as const;
export type PayType = (typeof PAY_TYPES)[number];

export const PAY_PROVIDERS = ['none', 'sandbox', 'alipay', 'wechatpay', 'sqb'] as const;
export type PayProvider = (typeof PAY_PROVIDERS)[number];
export const PAY_PROVIDER_LABELS: Record<PayProvider, string> = {
  none: '无需通道',
  sandbox: '沙箱（测试）',
  alipay: '支付宝官方',
  wechatpay: '微信支付官方',
  sqb: '收钱吧',
};

export interface PayTypeDef {
  pay_type: PayType;
  /** The default display name. */
  label: string;
  /** Paid through an acquirer (a QR code or the customer's code), not at the till. */
  online: boolean;
  /** Acquiring channels it may use; the first is the default. */
  providers: readonly PayProvider[];
  /** How an order paid with it is booked (order.ts ORDER_PAY_METHODS). */
  order_method: 'cash' | 'member' | 'scan';
}

export const PAY_TYPE_DEFS: readonly PayTypeDef[] = [
  { pay_type: 'cash', label: '现金', online: false, providers: ['none'], order_method: 'cash' },
  { pay_type: 'member', label: '会员余额', online: false, providers: ['none'], order_method: 'member' },
  {
    pay_type: 'wechat',
    label: '微信支付',
    online: true,
    providers: ['sandbox', 'wechatpay', 'sqb'],
    order_method: 'scan',
  },
  {
    pay_type: 'alipay',
    label: '支付宝',
    online: true,
    providers: ['sandbox', 'alipay', 'sqb'],
    order_method: 'scan',
  },
  {
    pay_type: 'aggregate',
    label: '聚合扫码',
    online: true,
    providers: ['sandbox', 'sqb'],
    order_method: 'scan',
  },
  {
    pay_type: 'unionpay',
    label: '云闪付',
    online: true,
    providers: ['sandbox', 'sqb'],
    order_method: 'scan',
  },
];

export const payTypeDef = (t: string): PayTypeDef | undefined => PAY_TYPE_DEFS.find((d) => d.pay_type === t);

/** A store keeps each pay type at most once: at most this many methods. */
export const PAYMENT_METHODS_MAX = PAY_TYPES.length;

export const PAY_METHOD_MSG = {
  payType: '未知的支付方式',
  provider: '该支付方式不支持所选支付通道',
  name: '显示名称为1-20个字符',
  merchantNo: '商户号为1-32位字母、数字、下划线或连字符',
  id: '支付方式参数错误',
  notFound: '支付方式不存在',
  duplicate: '该支付方式已添加',
  deleteEnabled: '请先停用该支付方式再删除',
  deleteCash: '现金支付不能删除，可以停用',
  lastCashier: '收银台至少要保留一种启用的支付方式',
  sortIds: '排序列表格式不正确',
  sortDuplicate: '排序列表中有重复的支付方式',
  sortMismatch: '排序列表与本店的支付方式不一致，请刷新后重试',
  noScene: '请至少选择收银台或客户端中的一处使用',
  qrcodeId: '收款码参数错误',
  qrcodeNotFound: '收款码不存在',
  qrcodeAudited: '该收款码已审核，不能重复审核',
  qrcodePending: '收款码正在审核中，请耐心等待',
  qrcodeApproved: '本店已有可用的固定收款码',
  reason: '请填写驳回原因（1-100个字符）',
  auditResult: '请选择审核结果',
  status: '审核状态不正确',
  enabled: '请选择启用或停用',
} as const;

const payType = z.enum(PAY_TYPES, { error: PAY_METHOD_MSG.payType });
const provider = z.enum(PAY_PROVIDERS, { error: PAY_METHOD_MSG.provider });
/** JSON booleans, or 0/1 and 'true'/'false' from a query string. */
const flag = (msg: string) =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
    z.boolean({ error: msg }),
  );
const methodId = intField(PAY_METHOD_MSG.id, 1, ID_MAX);

/** Channel settings: the merchant number at the acquirer; keys and certificates come from configuration. */
export const paymentSettings = z.object(
  { merchant_no: optional(text(PAY_METHOD_MSG.merchantNo, 1, 32, /^[A-Za-z0-9_-]+$/)) },
  { error: '支付通道设置不正确' },
);
export type PaymentSettings = z.infer<typeof paymentSettings>;

const methodFields = {
  name: text(PAY_METHOD_MSG.name, 1, 20),
  cashier: flag('请选择收银台是否使用'),
  client: flag('请选择客户端是否使用'),
  provider: optional(provider),
  settings: z.preprocess((v) => v ?? {}, paymentSettings),
};

const checkProvider = (
  b: { pay_type: PayType; provider?: PayProvider; cashier: boolean; client: boolean },
  ctx: z.RefinementCtx,
) => {
  const d = payTypeDef(b.pay_type);
  if (d && b.provider && !d.providers.includes(b.provider))
    ctx.addIssue({ code: 'custom', path: ['provider'], message: PAY_METHOD_MSG.provider });
  if (!b.cashier && !b.client)
    ctx.addIssue({ code: 'custom', path: ['cashier'], message: PAY_METHOD_MSG.noScene });
};

export const paymentAddBody = z
  .object({ pay_type: payType, ...methodFields, enabled: optional(flag(PAY_METHOD_MSG.enabled)) })
  .superRefine(checkProvider);
export type PaymentAddBody = z.infer<typeof paymentAddBody>;

/** An edit names the method; its pay type never changes (the server checks the provider against it). */
export const paymentEditBody = z.object({ id: methodId, ...methodFields }).superRefine((b, ctx) => {
  if (!b.cashier && !b.client)
    ctx.addIssue({ code: 'custom', path: ['cashier'], message: PAY_METHOD_MSG.noScene });
});
export type PaymentEditBody = z.infer<typeof paymentEditBody>;

export const paymentEnableBody = z.object({ id: methodId, enabled: flag(PAY_METHOD_MSG.enabled) });
export const paymentIdBody = z.object({ id: methodId });

/** The store's method ids in their new order: every method once, nothing else. */
export const paymentSortBody = z.object({
  ids: z
    .array(methodId, { error: PAY_METHOD_MSG.sortIds })
    .min(1, { error: PAY_METHOD_MSG.sortIds })
    .max(50, { error: PAY_METHOD_MSG.sortIds })
    .refine((a) => new Set(a).size === a.length, { error: PAY_METHOD_MSG.sortDuplicate }),
});
export type PaymentSortBody = z.infer<typeof paymentSortBody>;

/** Reads may name another store of the caller's chain (a chain head); absent = the current store. */
export const paymentStoreQuery = z.object({
  store_id: optional(intField('门店参数错误', 1, ID_MAX)),
});

export const quickPaymentBody = z.object({ enabled: flag(PAY_METHOD_MSG.enabled) });

export interface PaymentMethodRow {
  id: number;
  pay_type: PayType;
  /** The catalogue's name of the pay type (微信支付 …); `name` is the store's display name. */
  type_label: string;
  name: string;
  enabled: boolean;
  sort: number;
  cashier: boolean;
  client: boolean;
  online: boolean;
  provider: PayProvider;
  settings: PaymentSettings;
  updated_at: string;
}

export interface PaymentStore {
  id: number;
  name: string;
}

export interface PaymentListData {
  list: PaymentMethodRow[];
  /** The store read, and the stores the caller may pick (a chain head sees its chain's). */
  store: PaymentStore;
  stores: PaymentStore[];
}

export interface PaymentSortItem {
  id: number;
  pay_type: PayType;
  name: string;
  sort: number;
  enabled: boolean;
}

export interface PayTypeData {
  /** The catalogue, each marked when the store has added it. */
  types: (PayTypeDef & { added: boolean })[];
  /** What the cashier and the PC client offer now: enabled methods, in the store's order. */
  cashier: { pay_type: PayType; name: string; order_method: PayTypeDef['order_method'] }[];
  client: { pay_type: PayType; name: string; order_method: PayTypeDef['order_method'] }[];
}

export interface QuickPaymentStatus {
  enabled: boolean;
  updated_at: string;
  updated_by: string;
}

/** Fixed QR codes: 0 待审核, 1 已通过, 2 已驳回. */
export const QRCODE_STATUSES = [0, 1, 2] as const;
export type QrcodeStatus = (typeof QRCODE_STATUSES)[number];
export const QRCODE_STATUS_LABELS: Record<QrcodeStatus, string> = { 0: '待审核', 1: '已通过', 2: '已驳回' };

export interface FixedQrcode {
  id: number;
  netbar_id: number;
  netbar_name: string;
  status: QrcodeStatus;
  status_label: string;
  reason: string;
  created_at: string;
  audited_at: string;
  audited_by: string;
  /** The absolute URL the QR holds; only for an approved code (a pending or rejected one is not usable). */
  url: string | null;
}

/** get_qrcode: the store's latest code (null before the first application). */
export interface StoreQrcodeData {
  qrcode: FixedQrcode | null;
  /** True when the store may apply (no code, or the latest was rejected). */
  can_apply: boolean;
}

export const auditQrcodeBody = z
  .object({
    id: intField(PAY_METHOD_MSG.qrcodeId, 1, ID_MAX),
    status: z.preprocess(
      (v) => (typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v),
      z.literal([1, 2], { error: PAY_METHOD_MSG.auditResult }),
    ),
    reason: optional(text(PAY_METHOD_MSG.reason, 1, 100)),
  })
  .superRefine((b, ctx) => {
    if (b.status === 2 && !b.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: PAY_METHOD_MSG.reason });
  });
export type AuditQrcodeBody = z.infer<typeof auditQrcodeBody>;

/** The payment company's audit queue: status, a store name keyword, paging 10/20/30/50. */
export const qrcodeListQuery = z.object({
  status: z.preprocess((v) => {
    const e = emptyToUndefined(v);
    return typeof e === 'string' && /^\d$/.test(e) ? Number(e) : e;
  }, z.literal([0, 1, 2], { error: PAY_METHOD_MSG.status }).optional()),
  keyword: optional(text('门店名称最多30个字符', 1, 30)),
  ...reportPageFields,
});
export type QrcodeListQuery = z.infer<typeof qrcodeListQuery>;
