import { describe, expect, it } from 'vitest';
import { idParam, pageQuery, userTypeField } from './validation';

function ok(
  schema: { safeParse(v: unknown): { success: boolean; data?: unknown } },
  value: unknown,
): unknown {
  const r = schema.safeParse(value);
  expect(r.success, `expected ${JSON.stringify(value)} to pass`).toBe(true);
  return r.data;
}

function fails(
  schema: typeof idParam | typeof userTypeField | typeof pageQuery,
  value: unknown,
  msg: string,
): void {
  const r = schema.safeParse(value);
  expect(r.success).toBe(false);
  for (const issue of r.error?.issues ?? []) expect(issue.message).toBe(msg);
}

describe('params and queries', () => {
  it('userTypeField accepts 1..6 from strings', () => {
    expect(ok(userTypeField, '3')).toBe(3);
    expect(ok(userTypeField, 6)).toBe(6);
    for (const v of [0, 7, '', 'x', undefined, 2.5]) fails(userTypeField, v, '请选择账号类型');
  });
  it('idParam is a positive integer', () => {
    expect(ok(idParam, '42')).toBe(42);
    for (const v of ['0', '-1', 'abc', '', '1.5']) fails(idParam, v, '参数错误');
  });
  it('pageQuery defaults and bounds', () => {
    expect(ok(pageQuery, {})).toEqual({ page: 1, page_size: 10 });
    expect(ok(pageQuery, { page: '2', page_size: '1000' })).toEqual({ page: 2, page_size: 1000 });
    expect(ok(pageQuery, { page: '', page_size: '' })).toEqual({ page: 1, page_size: 10 });
    fails(pageQuery, { page: '0' }, '参数错误');
    fails(pageQuery, { page_size: '1001' }, '参数错误');
  });
});
