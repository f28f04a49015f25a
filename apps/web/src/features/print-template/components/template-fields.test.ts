import { builtinTemplate, type PrintField } from '@netbar/contract';
import { describe, expect, it } from 'vitest';
import { addDivider, moveField, removeField, setField, withAllFields } from './template-fields';

const f = (key: string, show = true): PrintField => ({ key, show, align: 'left' });

describe('template field edits', () => {
  it('moves, hides and aligns rows without touching the others', () => {
    const l = [f('store_name'), f('order_no'), f('time')];
    expect(moveField(l, 2, -1).map((x) => x.key)).toEqual(['store_name', 'time', 'order_no']);
    expect(moveField(l, 0, -1).map((x) => x.key)).toEqual(['store_name', 'order_no', 'time']);
    expect(setField(l, 1, { show: false, align: 'right' })[1]).toEqual({
      key: 'order_no',
      show: false,
      align: 'right',
    });
    expect(l[1]).toEqual(f('order_no'));
  });

  it('adds and removes dividers only; a real field is never dropped', () => {
    const l = [f('store_name'), f('time')];
    const d = addDivider(l, 0);
    expect(d.map((x) => x.key)).toEqual(['store_name', 'divider', 'time']);
    expect(removeField(d, 1).map((x) => x.key)).toEqual(['store_name', 'time']);
    expect(removeField(d, 0)).toHaveLength(3);
  });

  it('appends the kind’s missing fields hidden and drops keys the kind does not have', () => {
    const all = builtinTemplate('topup').fields.length;
    const out = withAllFields('topup', [f('member'), f('nonsense')]);
    expect(out).toHaveLength(all);
    expect(out[0]).toEqual(f('member'));
    expect(out.find((x) => x.key === 'amount')?.show).toBe(false);
  });
});
