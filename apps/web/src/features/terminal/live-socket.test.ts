import { WS_CLOSE } from '@netbar/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { describeMessage } from './describe';
import { backoffMs, channelUrl, openLiveSocket } from './live-socket';

class FakeSocket {
  static made: FakeSocket[] = [];
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(s: string) {
    this.sent.push(s);
  }
  close() {
    this.closed = true;
  }
}
const make = (url: string) => new FakeSocket(url) as unknown as WebSocket;

beforeEach(() => {
  FakeSocket.made = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('the console live socket', () => {
  it('uses ws:// or wss:// on this origin, and backs off from 1 s to 30 s', () => {
    expect(channelUrl({ protocol: 'https:', host: 'c.example.com' })).toBe('wss://c.example.com/api/v1/ws');
    expect(channelUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/api/v1/ws');
    expect([0, 1, 2, 9].map((a) => backoffMs(a, () => 0))).toEqual([1000, 2000, 4000, 30000]);
    expect(backoffMs(0, () => 1)).toBe(1300);
  });

  it('pings every 25 s, passes messages on, reconnects after a drop and stops for a closed session', () => {
    const got: unknown[] = [];
    let opened = 0;
    let gone = 0;
    const s = openLiveSocket(
      { onMessage: (m) => got.push(m), onOpen: () => opened++, onSessionGone: () => gone++ },
      make,
    );
    const first = FakeSocket.made[0]!;
    first.onopen?.();
    vi.advanceTimersByTime(25_000);
    expect(first.sent).toEqual(['{"type":1}']);
    first.onmessage?.({ data: '{"type":4,"id":7}' });
    first.onmessage?.({ data: 'garbage' });
    expect(got).toEqual([{ type: 4, id: 7 }]);
    first.onclose?.({ code: 1006 });
    vi.advanceTimersByTime(1300);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1]!.onopen?.();
    expect(opened).toBe(2);
    FakeSocket.made[1]!.onclose?.({ code: 4401 });
    vi.advanceTimersByTime(60_000);
    expect([FakeSocket.made.length, gone]).toEqual([2, 1]);
    s.stop();
  });

  it('a server that stops (close 1012, decision 193) is reconnected after the first backoff, through the balancer', () => {
    let opened = 0;
    const s = openLiveSocket({ onMessage: () => {}, onOpen: () => opened++, onSessionGone: () => {} }, make);
    FakeSocket.made[0]!.onopen?.();
    FakeSocket.made[0]!.onclose?.({ code: WS_CLOSE.restarting });
    vi.advanceTimersByTime(1300);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1]!.onopen?.();
    expect(opened).toBe(2);
    s.stop();
  });

  it('remembers the last seq and resumes from it on reconnect; drops a seq it has seen (decision 198)', () => {
    const got: unknown[] = [];
    const s = openLiveSocket(
      { onMessage: (m) => got.push(m), onOpen: () => {}, onSessionGone: () => {} },
      make,
    );
    const first = FakeSocket.made[0]!;
    expect(first.url).toMatch(/\/api\/v1\/ws$/);
    first.onopen?.();
    first.onmessage?.({ data: '{"type":1,"t":1,"seq":100}' });
    first.onmessage?.({ data: '{"type":4,"id":7,"seq":101}' });
    first.onmessage?.({ data: '{"type":4,"id":7,"seq":101}' });
    first.onclose?.({ code: WS_CLOSE.restarting });
    vi.advanceTimersByTime(1300);
    const second = FakeSocket.made[1]!;
    expect(second.url).toMatch(/\/api\/v1\/ws\?after=101$/);
    second.onopen?.();
    // the resumed hello carries no head; the replay may repeat what was seen just before the drop
    second.onmessage?.({ data: '{"type":1,"t":2}' });
    second.onmessage?.({ data: '{"type":4,"id":7,"seq":101}' });
    second.onmessage?.({ data: '{"type":2,"id":8,"seq":102}' });
    second.onmessage?.({ data: '{"type":4,"id":9,"seq":103}' });
    second.onmessage?.({ data: '{"type":2,"id":8,"seq":102}' });
    expect(
      got.filter((m) => (m as { type: number }).type !== 1).map((m) => (m as { id: number }).id),
    ).toEqual([7, 8, 9]);
    second.onclose?.({ code: 1006 });
    vi.advanceTimersByTime(1300);
    expect(FakeSocket.made[2]!.url).toMatch(/\?after=103$/);
    s.stop();
  });

  it('a console that never had a head reconnects without one, then takes the next hello', () => {
    const s = openLiveSocket({ onMessage: () => {}, onOpen: () => {}, onSessionGone: () => {} }, make);
    FakeSocket.made[0]!.onclose?.({ code: 1006 });
    vi.advanceTimersByTime(1300);
    expect(FakeSocket.made[1]!.url).toMatch(/\/ws$/);
    FakeSocket.made[1]!.onmessage?.({ data: '{"type":1,"t":1,"seq":0}' });
    FakeSocket.made[1]!.onclose?.({ code: 1006 });
    vi.advanceTimersByTime(2600);
    expect(FakeSocket.made[2]!.url).toMatch(/\?after=0$/);
    s.stop();
  });

  it('stop() closes the socket and never reconnects', () => {
    const s = openLiveSocket({ onMessage: () => {}, onOpen: () => {}, onSessionGone: () => {} }, make);
    s.stop();
    expect(FakeSocket.made[0]!.closed).toBe(true);
    FakeSocket.made[0]!.onclose?.({ code: 1000 });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
  });
});

describe('describeMessage', () => {
  it('words a seat order with its total and a call with its content', () => {
    const base = { id: 1, machine_id: 3, machine: 'A001', created_at: '', acked_at: null, acked_by_name: '' };
    const buy = describeMessage({
      ...base,
      kind: 2,
      payload: { items: [{ name: '可乐', qty: 2, price_fen: 300 }], total_fen: 600, remark: '加冰' },
    });
    expect(buy).toEqual({ tag: '座位订单', title: 'A001 座位订单 ¥6.00', detail: '可乐×2（备注：加冰）' });
    expect(describeMessage({ ...base, kind: 4, payload: { content: '呼叫网管' } }).title).toBe(
      'A001 呼叫网管',
    );
  });
});
