import { describe, expect, it } from 'vitest';
import { changeStorePayload } from './change-store';

describe('changeStorePayload', () => {
  it('uses change_type 2 for the head store (pid === nid)', () => {
    expect(
      changeStorePayload({ nid: 10, pid: 10, cid: 3, netbar_name: '总店', account_name: 'a', chain_type: 1 }),
    ).toEqual({ cid: 3, pid: 10, nid: 10, change_type: 2, chain_type: 1 });
  });

  it('uses change_type 1 for a sub-store', () => {
    expect(
      changeStorePayload({ nid: 11, pid: 10, cid: 3, netbar_name: '分店', account_name: 'b', chain_type: 1 })
        .change_type,
    ).toBe(1);
  });
});
