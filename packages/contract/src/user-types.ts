/** The six user types of the platform (spec section 1). */
export const UserType = {
  Agent: 1,
  AgentStaff: 2,
  Netbar: 3,
  Admin: 4,
  NetbarStaff: 5,
  PayCompany: 6,
} as const;

export type UserTypeValue = 1 | 2 | 3 | 4 | 5 | 6;

export const USER_TYPE_VALUES: readonly UserTypeValue[] = [1, 2, 3, 4, 5, 6];

export const USER_TYPE_LABELS: Record<UserTypeValue, string> = {
  1: '代理商',
  2: '代理商员工',
  3: '网吧',
  4: '内部管理员',
  5: '网吧员工',
  6: '支付公司',
};

export function isUserType(n: unknown): n is UserTypeValue {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 6;
}

/** Staff types whose grants are extended by their employer. */
export function isStaffType(n: UserTypeValue): n is 2 | 5 {
  return n === UserType.AgentStaff || n === UserType.NetbarStaff;
}
