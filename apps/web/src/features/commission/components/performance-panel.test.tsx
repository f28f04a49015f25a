import type { PerformanceFigures, StaffPerformance } from '@netbar/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer, renderAt } from '../../../test/render';
import { PerformancePanel } from './performance-panel';

afterEach(() => vi.useRealTimers());

const ZERO: PerformanceFigures = {
  goods_count: 0,
  desk_count: 0,
  lease_count: 0,
  refund_count: 0,
  goods_fen: 0,
  goods_commission_fen: 0,
  desk_fen: 0,
  desk_commission_fen: 0,
  lease_fen: 0,
  lease_commission_fen: 0,
  topup_count: 0,
  topup_fen: 0,
  topup_commission_fen: 0,
  new_member_count: 0,
  new_member_commission_fen: 0,
  seat_count: 0,
  seat_commission_fen: 0,
  refund_fen: 0,
  refund_commission_fen: 0,
  commission_fen: 0,
};
const EMPTY: StaffPerformance = { start: '', end: '', list: [], totals: ZERO, refund_lines: [] };

describe('performance panel', () => {
  it('at 23:30 UTC on 31 March (07:30 on 1 April in Beijing) the default period is April so far', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-31T23:30:00Z'));
    const seen = mockServer(() => ({ body: { status: 200, msg: '', data: EMPTY } }));
    renderAt('/x', '/x', <PerformancePanel />);
    await vi.waitFor(() => expect(seen.some((c) => c.url?.endsWith('staff_performance'))).toBe(true));
    const call = seen.find((c) => c.url?.endsWith('staff_performance'))!;
    expect(call.params).toMatchObject({ start: '2031-04-01', end: '2031-04-01' });
    expect(screen.getAllByDisplayValue('2031-04-01')).toHaveLength(2);
  });
});
