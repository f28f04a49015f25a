import { describe, expect, it } from 'vitest';
import {
  NETBAR_STAFF_MSG,
  NETBAR_STAFF_ROLE_GRANTS,
  NETBAR_STAFF_ROLES,
  netbarStaffCreateBody,
} from './netbar-staff';
import { DEFAULT_GRANTS, NETBAR_STAFF_GRANTABLE, PERM } from './permissions';
import { UserType } from './user-types';
import { firstZodMessage } from './validation';

describe('netbar staff roles', () => {
  it('each role grants a subset of what a store may grant, which the store itself holds', () => {
    const grantable = new Set(NETBAR_STAFF_GRANTABLE);
    const owner = new Set(DEFAULT_GRANTS[UserType.Netbar]);
    for (const role of NETBAR_STAFF_ROLES) {
      expect(NETBAR_STAFF_ROLE_GRANTS[role].length).toBeGreaterThan(0);
      for (const id of NETBAR_STAFF_ROLE_GRANTS[role]) {
        expect(grantable.has(id)).toBe(true);
        expect(owner.has(id)).toBe(true);
      }
    }
    expect(NETBAR_STAFF_ROLE_GRANTS.收银员).toContain(PERM.ORDER_LIST);
    expect(NETBAR_STAFF_ROLE_GRANTS.收银员).not.toContain(PERM.MEMBER_MANAGE);
  });

  it('refuses a role outside the four with its message', () => {
    const r = netbarStaffCreateBody.safeParse({
      user_name: 'staff01',
      password: 'pass1234',
      true_name: '小王',
      mobile: '13711112222',
      role: '老板',
      netbar_id: '1',
      status: '1',
    });
    expect(r.success).toBe(false);
    if (!r.success) expect(firstZodMessage(r.error)).toBe(NETBAR_STAFF_MSG.role);
  });
});
