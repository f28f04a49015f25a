import { describe, expect, it } from 'vitest';
import { isSilent, isSuccess, NOTICE_MAX_INTERVAL_MS, PAGE_SIZES, Status } from './envelope';

describe('isSuccess', () => {
  it('accepts status 200 and 10000, code 10000, 0 and 1', () => {
    expect(isSuccess({ status: 200 })).toBe(true);
    expect(isSuccess({ status: 10000 })).toBe(true);
    expect(isSuccess({ code: 10000 })).toBe(true);
    expect(isSuccess({ code: 0 })).toBe(true);
    expect(isSuccess({ code: 1 })).toBe(true);
    expect(isSuccess({ status: '200' })).toBe(true);
    expect(isSuccess({ code: '0' })).toBe(true);
  });
  it('rejects other answers', () => {
    expect(isSuccess({ status: 400 })).toBe(false);
    expect(isSuccess({ status: 40005 })).toBe(false);
    expect(isSuccess({ code: 2 })).toBe(false);
    expect(isSuccess({ code: '' })).toBe(false);
    expect(isSuccess({ status: 'ok' })).toBe(false);
    expect(isSuccess({})).toBe(false);
    expect(isSuccess(null)).toBe(false);
  });
});

describe('constants', () => {
  it('silent statuses', () => {
    expect(isSilent(Status.SILENT_1)).toBe(true);
    expect(isSilent(40007)).toBe(true);
    expect(isSilent(40005)).toBe(false);
  });
  it('spec values', () => {
    expect(PAGE_SIZES).toEqual([10, 20, 30, 50]);
    expect(NOTICE_MAX_INTERVAL_MS).toBe(1_200_000);
  });
});
