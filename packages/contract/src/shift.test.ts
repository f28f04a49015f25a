import { describe, expect, it } from 'vitest';
import {
  countTotalFen,
  overShortLabel,
  shiftHandoverBody,
  shiftOpenBody,
  shiftPettyBody,
  shiftSettingsBody,
} from './shift';
import { shiftRecordQuery, shiftSummaryQuery } from './shift-report';
import { firstZodMessage } from './validation/helpers';

const msg = (r: { success: boolean; error?: unknown }) =>
  r.success ? '' : firstZodMessage(r.error as Parameters<typeof firstZodMessage>[0]);
const hand = (over: Record<string, unknown>) =>
  shiftHandoverBody.safeParse({
    id: '3',
    request_id: 'req-12345678',
    float_left_fen: '20000',
    counts: '[]',
    ...over,
  });

describe('shift contract', () => {
  it('opens with a float of zero or more', () => {
    expect(shiftOpenBody.parse({ float_fen: '0', request_id: 'abcdefgh' }).float_fen).toBe(0);
    expect(msg(shiftOpenBody.safeParse({ float_fen: '-1', request_id: 'abcdefgh' }))).toBe(
      '备用金须为0-100000元之间的金额',
    );
  });

  it('petty cash needs a reason', () => {
    const r = shiftPettyBody.safeParse({
      type: 'expense',
      amount_fen: 500,
      reason: ' ',
      request_id: 'abcdefgh',
    });
    expect(msg(r)).toBe('请填写原因（1-100个字符）');
  });

  it('a count by denomination: form JSON, totals, no negative counts, known faces once', () => {
    const ok = hand({
      counts: JSON.stringify([
        { face_fen: 10000, count: 2 },
        { face_fen: '50', count: '3' },
      ]),
    });
    expect(ok.success && countTotalFen(ok.data.counts)).toBe(20150);
    expect(msg(hand({ counts: JSON.stringify([{ face_fen: 10000, count: -1 }]) }))).toBe(
      '点钞张数须为0-100000的整数，不能为负数',
    );
    expect(msg(hand({ counts: JSON.stringify([{ face_fen: 3000, count: 1 }]) }))).toBe('面额不正确');
    expect(
      msg(
        hand({
          counts: JSON.stringify([
            { face_fen: 100, count: 1 },
            { face_fen: 100, count: 2 },
          ]),
        }),
      ),
    ).toBe('面额重复');
    expect(hand({ carry_orders: '1' }).data?.carry_orders).toBe(true);
  });

  it('settings: HH:mm times, at most six, no repeats', () => {
    const base = { count_required: '1', approval: 'owner' };
    expect(shiftSettingsBody.parse({ ...base, auto_times: '["08:00","20:00"]' }).auto_times).toEqual([
      '08:00',
      '20:00',
    ]);
    expect(msg(shiftSettingsBody.safeParse({ ...base, auto_times: '["24:00"]' }))).toBe(
      '交班时间格式为HH:mm',
    );
    expect(msg(shiftSettingsBody.safeParse({ ...base, auto_times: '["08:00","08:00"]' }))).toBe(
      '交班时间重复',
    );
  });

  it('dates that do not exist are refused in Chinese; ranges bounded', () => {
    expect(msg(shiftSummaryQuery.safeParse({ start: '2026-02-30', end: '2026-03-01' }))).toBe(
      '日期不存在或格式不正确（YYYY-MM-DD）',
    );
    expect(msg(shiftSummaryQuery.safeParse({ start: '2026-03-02', end: '2026-03-01' }))).toBe(
      '开始日期不能晚于结束日期',
    );
    expect(msg(shiftSummaryQuery.safeParse({ start: '2025-01-01', end: '2026-03-01' }))).toBe(
      '查询范围不能超过366天',
    );
    expect(msg(shiftRecordQuery.safeParse({ start: '2025-13-01' }))).toBe(
      '日期不存在或格式不正确（YYYY-MM-DD）',
    );
  });

  it('labels over and short', () => {
    expect([overShortLabel(500), overShortLabel(-500), overShortLabel(0), overShortLabel(null)]).toEqual([
      '长款',
      '短款',
      '平账',
      '',
    ]);
  });
});
