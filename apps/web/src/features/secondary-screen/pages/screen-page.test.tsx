import { SCREEN_LIMITS, type ScreenPublicInfo, type ScreenState } from '@netbar/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToCustomer } from '../../../lib/customer-display';
import { dialogHarness, ends, ok, refused, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { RELAY_DEBOUNCE_MS, ScreenRelay } from '../components/screen-relay';
import ScreenPage from './screen-page';

dialogHarness();
const TOKEN = `12-${'A'.repeat(32)}`;
const INFO: ScreenPublicInfo = {
  store_name: '星际网咖旗舰店',
  slides: [{ kind: 'image', url: '/screen-samples/slide-1.svg', seconds: 8 }],
  start_date: '',
  end_date: '',
  windows: [],
};

/** A stand-in for the browser's EventSource: the test sends the server's events. */
class FakeSource {
  static last: FakeSource | undefined;
  url: string;
  closed = false;
  handlers = new Map<string, (e: MessageEvent<string>) => void>();
  constructor(url: string) {
    this.url = url;
    FakeSource.last = this;
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.handlers.set(type, fn);
  }
  close() {
    this.closed = true;
  }
  send(type: string, data: unknown) {
    act(() => this.handlers.get(type)?.({ data: JSON.stringify(data) } as MessageEvent<string>));
  }
}
const state = (over: Partial<ScreenState>): ScreenState => ({
  stage: 'cart',
  lines: [
    { name: '可乐（330ml）', qty: 2, amount_fen: 600 },
    { name: '泡面', qty: 1, amount_fen: 500 },
  ],
  list_fen: 1200,
  saving_fen: 100,
  total_fen: 1100,
  member_name: '张**',
  at: Date.now(),
  ...over,
});

beforeEach(() => vi.stubGlobal('EventSource', FakeSource));
afterEach(() => vi.unstubAllGlobals());

describe('the 副屏 page (decision 191)', { timeout: 60_000 }, () => {
  it('shows the slideshow while idle, the cart live, the QR to pay, then 谢谢惠顾', async () => {
    mockServer((c) => (ends(c, 'secondary_screen_public') ? ok(INFO) : ok(null)));
    renderAt(`/screen/${TOKEN}`, '/screen/:token', <ScreenPage />);
    expect(await screen.findByAltText('轮播图片1')).toBeTruthy();
    const es = FakeSource.last!;
    expect(es.url).toBe(`/api/v1/secondary_screen_stream?token=${encodeURIComponent(TOKEN)}`);

    es.send('state', state({}));
    expect(screen.getByText('可乐（330ml）')).toBeTruthy();
    expect(screen.getByTestId('screen-total').textContent).toBe('¥11.00');
    expect(screen.getByText('会员：张**')).toBeTruthy();
    expect(screen.getByText('已优惠 ¥1.00')).toBeTruthy();
    expect(screen.queryByTestId('screen-qr')).toBeNull();

    es.send('state', state({ stage: 'pay', qr: { payload: 'http://x/pay?no=1', label: '微信支付' } }));
    expect(screen.getByText('请付款')).toBeTruthy();
    expect(screen.getByText('请使用微信支付扫码付款')).toBeTruthy();

    es.send('state', state({ stage: 'paid', lines: [], change_fen: 900 }));
    expect(screen.getByTestId('screen-thanks').textContent).toContain('谢谢惠顾');
    expect(screen.getByText('实付 ¥11.00 · 找零 ¥9.00')).toBeTruthy();
    // the cashier goes idle at once: 谢谢惠顾 stays its moment; a new customer's cart replaces it
    es.send('state', state({ stage: 'idle', lines: [], total_fen: 0 }));
    expect(screen.getByTestId('screen-thanks')).toBeTruthy();
    es.send('state', state({ total_fen: 300, lines: [{ name: '矿泉水', qty: 1, amount_fen: 300 }] }));
    expect(screen.getByText('矿泉水')).toBeTruthy();
  });

  it('never shows a cart older than 15 minutes, and lets one shown go when it gets that old', async () => {
    mockServer((c) => (ends(c, 'secondary_screen_public') ? ok(INFO) : ok(null)));
    renderAt(`/screen/${TOKEN}`, '/screen/:token', <ScreenPage />);
    await screen.findByAltText('轮播图片1');
    const es = FakeSource.last!;
    // replayed on connect: the cashier's last cart, 16 minutes ago
    es.send('state', state({ at: Date.now() - 16 * 60_000 }));
    expect(screen.queryByText('可乐（330ml）')).toBeNull();
    expect(screen.getByAltText('轮播图片1')).toBeTruthy();
    // a cart 100 ms short of the limit shows, then gives way
    es.send('state', state({ at: Date.now() - SCREEN_LIMITS.staleMs + 100 }));
    expect(screen.getByText('可乐（330ml）')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('可乐（330ml）')).toBeNull());
    expect(screen.getByAltText('轮播图片1')).toBeTruthy();
  });

  it('says 欢迎光临 outside the slideshow’s dates', async () => {
    mockServer((c) =>
      ends(c, 'secondary_screen_public') ? ok({ ...INFO, start_date: '2099-01-01' }) : ok(null),
    );
    renderAt(`/screen/${TOKEN}`, '/screen/:token', <ScreenPage />);
    expect((await screen.findByTestId('screen-welcome')).textContent).toContain('星际网咖旗舰店');
  });

  it('a bad link, and a link stopped while open, say so in Chinese', async () => {
    mockServer((c) =>
      ends(c, 'secondary_screen_public') ? refused('副屏链接无效或已停用', 40004) : ok(null),
    );
    renderAt('/screen/nope', '/screen/:token', <ScreenPage />);
    expect(await screen.findByText('副屏链接无效或已停用')).toBeTruthy();
  });

  it('closes the stream when its link is stopped', async () => {
    mockServer((c) => (ends(c, 'secondary_screen_public') ? ok(INFO) : ok(null)));
    renderAt(`/screen/${TOKEN}`, '/screen/:token', <ScreenPage />);
    await screen.findByAltText('轮播图片1');
    const es = FakeSource.last!;
    es.send('revoked', { msg: '副屏链接已停用或已更换' });
    expect(await screen.findByText('副屏链接无效或已停用')).toBeTruthy();
    expect(es.closed).toBe(true);
  });
});

describe('the 收银台 relay', { timeout: 60_000 }, () => {
  it('sends a burst of cart changes as one push of the last state, never the same twice', async () => {
    const seen = mockServer(() => ok(null));
    render(<ScreenRelay />);
    for (let n = 1; n <= 5; n++)
      showToCustomer({
        stage: 'cart',
        lines: [{ name: '可乐', qty: n, amount_fen: 300 * n }],
        list_fen: 300 * n,
        saving_fen: 0,
        total_fen: 300 * n,
      });
    await act(() => new Promise((r) => setTimeout(r, RELAY_DEBOUNCE_MS + 100)));
    await settle();
    const pushes = seen.filter((c) => ends(c, 'secondary_screen_push'));
    expect(pushes).toHaveLength(1);
    expect(JSON.parse(String(pushes[0]!.data))).toMatchObject({ total_fen: 1500, lines: [{ qty: 5 }] });
    showToCustomer({
      stage: 'cart',
      lines: [{ name: '可乐', qty: 5, amount_fen: 1500 }],
      list_fen: 1500,
      saving_fen: 0,
      total_fen: 1500,
    });
    await act(() => new Promise((r) => setTimeout(r, RELAY_DEBOUNCE_MS + 100)));
    expect(seen.filter((c) => ends(c, 'secondary_screen_push'))).toHaveLength(1);
  });
});
