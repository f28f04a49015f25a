import { z } from 'zod';
import { idListOrEmpty } from './agent';
import { MSG } from './messages';
import { NETBAR_STAFF_GRANTABLE, PERM } from './permissions';
import {
  accountName,
  confirmPassword,
  idParam,
  loginPassword,
  mobile,
  newPassword,
  pageQuery,
  trueName,
} from './validation/fields';
import { intField, optional } from './validation/helpers';

/**
 * Netbar staff (issue 14, decision 145): type-5 accounts of a netbar owner, a role template each, the
 * stores they work in, and per-person menu grants inside what the store itself may grant.
 */
export const NETBAR_STAFF_ROLES = ['店长', '收银员', '网管', '服务员'] as const;
export type NetbarStaffRole = (typeof NETBAR_STAFF_ROLES)[number];

export const NETBAR_STAFF_MSG = {
  notFound: '员工不存在',
  role: '请选择角色（店长、收银员、网管或服务员）',
  store: '请选择所属门店',
  stores: '所选门店无效',
  storeNotFound: '门店不存在',
  permIds: '所选权限无效，只能授予门店可授予员工的菜单',
  mustChange: '密码已被重置，请先修改密码后再登录',
  samePassword: '新密码不能与原密码相同',
} as const;

const cashier = [
  ...[PERM.GOODS, PERM.GOODS_LIST, PERM.STOCK, PERM.STOCK_LIST, PERM.ORDER, PERM.ORDER_LIST],
  ...[PERM.ORDER_REFUND, PERM.LEASE_ORDER_LIST, PERM.SHIFT, PERM.SHIFT_RECORD],
];

/**
 * The grants each role starts with; the owner may adjust them per person. 收银员 is the demo cashier's
 * day (sell, refund, rent out and take back at the counter, lease orders, shift records; not 改价, not the
 * lease items' management 10519); 网管 the seat map, machines, sessions and the member book
 * (there is no read-only member id); 服务员 the seat orders of 收银台 and the order list; 店长 all that a
 * store may grant. Always a subset of NETBAR_STAFF_GRANTABLE (contract test).
 */
export const NETBAR_STAFF_ROLE_GRANTS: Record<NetbarStaffRole, readonly number[]> = {
  店长: NETBAR_STAFF_GRANTABLE,
  收银员: cashier,
  网管: [PERM.DIAGRAM_DETAIL, PERM.MACHINE_POSITION_DIAGRAM, PERM.MEMBER, PERM.MEMBER_MANAGE],
  服务员: [PERM.ORDER, PERM.ORDER_LIST],
};

export const netbarStaffRole = z.enum(NETBAR_STAFF_ROLES, { error: NETBAR_STAFF_MSG.role });
const status = intField(MSG.badParam, 0, 1);
const filterText = optional(z.string({ error: MSG.badParam }).trim().max(30, { error: MSG.badParam }));

export const netbarStaffListQuery = pageQuery.extend({
  true_name: filterText,
  mobile: filterText,
  role: optional(netbarStaffRole),
  netbar_id: optional(idParam),
  status: optional(status),
});
export type NetbarStaffListQuery = z.infer<typeof netbarStaffListQuery>;

const profile = {
  true_name: trueName,
  mobile,
  role: netbarStaffRole,
  /** The home store: where the staff member lands at login. */
  netbar_id: intField(NETBAR_STAFF_MSG.store, 1, 2_147_483_647),
  /** Further stores they may switch to (the home store is always one of theirs). */
  netbar_ids: idListOrEmpty(NETBAR_STAFF_MSG.stores),
  status,
};
export const netbarStaffCreateBody = z.object({
  user_name: accountName,
  password: newPassword,
  ...profile,
});
export const netbarStaffEditBody = z.object({ id: idParam, ...profile });
export type NetbarStaffCreateBody = z.infer<typeof netbarStaffCreateBody>;
export type NetbarStaffEditBody = z.infer<typeof netbarStaffEditBody>;

export const netbarStaffStatusBody = z.object({ id: idParam, status });
export const netbarStaffResetBody = z.object({ id: idParam, password: newPassword });
export const netbarStaffGrantBody = z.object({
  user_id: idParam,
  perm_ids: idListOrEmpty(NETBAR_STAFF_MSG.permIds),
});
export type NetbarStaffGrantBody = z.infer<typeof netbarStaffGrantBody>;

/** A reset password is changed before the next login (no session is opened until it is). */
export const netbarStaffFirstPasswordBody = z
  .object({
    user_name: accountName,
    password: loginPassword,
    new_password: newPassword,
    confirm_password: confirmPassword,
  })
  .refine((b) => b.new_password === b.confirm_password, {
    error: MSG.passwordMismatch,
    path: ['confirm_password'],
  });

export interface NetbarStaffRow {
  id: number;
  user_name: string;
  true_name: string;
  mobile: string;
  role: string;
  status: number;
  /** Home store. */
  netbar_id: number;
  netbar_name: string;
  /** Every store they work in, the home store first. */
  netbar_ids: number[];
  netbar_names: string[];
  perm_ids: number[];
  must_change_password: boolean;
  created_at: string;
  /**
   * The roles held, oldest first: from `from_day` (a Beijing day) on, `role`. Commission by role prices a
   * record with the role of its day (decision 149), so a change does not re-price earlier periods.
   */
  role_history: { from_day: string; role: string }[];
}

/** One node of the grant tree (get_netbar_staff_auth_tree). */
export interface NetbarStaffAuthNode {
  id: number;
  title: string;
  children: { id: number; title: string }[];
}
