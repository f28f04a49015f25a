import { describe, expect, it } from 'vitest';
import {
  AGENT_STAFF_GRANTABLE,
  BUTTONS,
  DEFAULT_GRANTS,
  defaultButtons,
  grantsFor,
  NETBAR_STAFF_GRANTABLE,
  PERM,
} from './permissions';
import { allRouteIds } from './routes';
import { USER_TYPE_LABELS } from './user-types';

describe('default grants', () => {
  const known = new Set(allRouteIds());
  it('only name ids of the route table, sorted and unique', () => {
    for (const ids of Object.values(DEFAULT_GRANTS)) {
      for (const id of ids) expect(known.has(id), String(id)).toBe(true);
      expect([...new Set(ids)].sort((a, b) => a - b)).toEqual(ids);
    }
    for (const id of Object.values(PERM)) expect(known.has(id), String(id)).toBe(true);
  });
  it('admin holds the platform pages, not the books of a netbar or an agent', () => {
    expect(DEFAULT_GRANTS[4]).toEqual(
      expect.arrayContaining([PERM.NOTICE_ADMIN, PERM.NETBAR_LIST, PERM.OPERATE_LOG]),
    );
    for (const id of [
      PERM.GOODS_LIST,
      PERM.STOCK_LIST,
      PERM.STOCK_REPORT,
      PERM.LOWER_CHANNEL,
      PERM.STAFF_LIST,
    ])
      expect(DEFAULT_GRANTS[4]).not.toContain(id);
    for (const id of [PERM.FUND_MANAGE, PERM.PAYMENT_PROFIT, PERM.APPLICATION, PERM.ORDER_LIST])
      expect(DEFAULT_GRANTS[4]).not.toContain(id);
  });
  it('agent staff lacks account info; netbar staff lacks info and security', () => {
    expect(DEFAULT_GRANTS[2]).toContain(PERM.USER_SAFE);
    expect(DEFAULT_GRANTS[2]).not.toContain(PERM.USER_INFO);
    expect(DEFAULT_GRANTS[2]).not.toContain(PERM.USER_MODIFY_INFO);
    expect(DEFAULT_GRANTS[5]).not.toContain(PERM.USER_INFO);
    expect(DEFAULT_GRANTS[5]).not.toContain(PERM.USER_SAFE);
  });
  it('agent and netbar split the business', () => {
    expect(DEFAULT_GRANTS[1]).toContain(PERM.NETBAR_LIST);
    expect(DEFAULT_GRANTS[1]).not.toContain(PERM.GOODS_LIST);
    expect(DEFAULT_GRANTS[3]).toContain(PERM.GOODS_LIST);
    expect(DEFAULT_GRANTS[3]).toContain(PERM.STOCK_DOCS);
    expect(DEFAULT_GRANTS[3]).not.toContain(PERM.NETBAR_LIST);
    expect(DEFAULT_GRANTS[6]).toEqual(expect.arrayContaining([PERM.PAY_LINK, PERM.PAYMENT_SETTINGS]));
    expect(DEFAULT_GRANTS[6]).not.toContain(PERM.GOODS_LIST);
  });
});

describe('grantsFor', () => {
  it('honours only grantable extras for staff', () => {
    expect(grantsFor(2, [4, 64, 5001])).toContain(4);
    expect(grantsFor(2, [4, 64, 5001])).not.toContain(64);
    expect(grantsFor(2, [5001])).not.toContain(5001);
    expect(grantsFor(5, [64, 4])).toContain(64);
    expect(grantsFor(5, [64, 4])).not.toContain(4);
    // 196 支付分润: an agent may let a staff member see its payment profit (decision 171)
    expect(AGENT_STAFF_GRANTABLE).toEqual([3, 4, 6, 7, 8, 11, 15, 16, 196]);
    expect(NETBAR_STAFF_GRANTABLE).toContain(PERM.MEMBER_MANAGE);
    expect(NETBAR_STAFF_GRANTABLE).not.toContain(PERM.NETBAR_STAFF_LIST);
  });
  it('returns sorted unique ids and ignores unknown ids', () => {
    const ids = grantsFor(1, [4, 4, 999999]);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    expect(ids).not.toContain(999999);
  });
});

describe('buttons', () => {
  it('are available to netbar and admin only', () => {
    expect(BUTTONS).toEqual(['login_panda', 'netbar_import_old_data']);
    expect(defaultButtons(3).every((b) => b.available)).toBe(true);
    expect(defaultButtons(4).every((b) => b.available)).toBe(true);
    expect(defaultButtons(1).some((b) => b.available)).toBe(false);
    expect(Object.keys(USER_TYPE_LABELS)).toHaveLength(6);
  });
});
