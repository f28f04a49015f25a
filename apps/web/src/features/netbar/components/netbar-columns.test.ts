import { describe, expect, it } from 'vitest';
import { netbarColumns } from './netbar-columns';

/** The table area beside the menu at 1440 px: 1440 − 220 (menu) − 2 × 24 (page) − 2 × 24 (card). */
const TABLE_AREA_1440 = 1440 - 220 - 48 - 48;

describe('netbar list columns', () => {
  const noop = () => undefined;
  const columns = netbarColumns({
    canPay: true,
    isAgent: true,
    onDelete: noop,
    onUnbind: noop,
    onRemark: noop,
    onExtend: noop,
    onAssign: noop,
  });

  it('every column has a width and together they fit a 1440 px screen, so 操作 covers no column', () => {
    for (const c of columns) expect(typeof c.width, String(c.title)).toBe('number');
    const total = columns.reduce((n, c) => n + Number(c.width), 0);
    expect(total).toBeLessThanOrEqual(TABLE_AREA_1440);
    expect(columns.at(-1)).toMatchObject({ title: '操作', fixed: 'right' });
  });
});
