import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { missTwoPushes, openStream, openStreamAt, portOf, screen, tokenOf } from './screen-test-kit.ts';

let t: TestApp;
let owner: Client;
let token = '';
const streams: { close: () => void }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  token = tokenOf((await screen(owner).link('regenerate')).data.link);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});
const open = async (tk: string) => {
  const s = await openStream(t, tk);
  streams.push(s);
  return s;
};

const cart = (over: Record<string, unknown> = {}) => ({
  stage: 'cart',
  lines: [
    { name: '可乐（330ml）', qty: 2, amount_fen: 600 },
    { name: '泡面', qty: 1, amount_fen: 500 },
  ],
  list_fen: 1100,
  saving_fen: 0,
  total_fen: 1100,
  member_name: '张三丰',
  ...over,
});

describe('副屏 stream: what the 收银台 shows, live', () => {
  it('opens idle, then shows the cart with the masked member, the QR, and 谢谢惠顾 after payment', async () => {
    const s = await open(token);
    expect(s.status).toBe(200);
    expect(s.contentType).toMatch(/^text\/event-stream/);
    await expect.poll(() => s.got.length).toBe(1);
    expect(s.got[0]).toMatchObject({ event: 'state', data: { stage: 'idle', lines: [] } });

    const p = await screen(owner).push(cart());
    expect(p.status, p.msg).toBe(200);
    await expect.poll(() => s.got.length).toBe(2);
    const shown = s.got[1]!.data;
    expect(shown).toMatchObject({ stage: 'cart', total_fen: 1100, member_name: '张**' });
    // nothing but the cashier's display: no mobile, card, balance or member id
    expect(Object.keys(shown).sort()).toEqual(
      ['at', 'lines', 'list_fen', 'member_name', 'saving_fen', 'stage', 'total_fen'].sort(),
    );
    expect(JSON.stringify(shown)).not.toMatch(/mobile|card|balance|member_id|三丰/);

    await screen(owner).push(
      cart({ stage: 'pay', qr: { payload: 'http://127.0.0.1/pay?no=P1', label: '微信支付' } }),
    );
    await screen(owner).push(cart({ stage: 'paid', change_fen: 0 }));
    await expect.poll(() => s.got.length).toBe(4);
    expect(s.got[2]!.data).toMatchObject({ stage: 'pay', qr: { label: '微信支付' } });
    expect(s.got[3]!.data).toMatchObject({ stage: 'paid', total_fen: 1100 });
    // a screen opened now starts from the last state
    const late = await open(token);
    await expect.poll(() => late.got.length).toBe(1);
    expect(late.got[0]!.data).toMatchObject({ stage: 'paid' });
  });

  it('refuses a push carrying member data or bad figures, and sends nothing', async () => {
    const s = await open(token);
    await expect.poll(() => s.got.length).toBe(1);
    const bad: [Record<string, unknown>, number][] = [
      [cart({ mobile: '13800000000' }), 40000],
      [cart({ balance_fen: 5000 }), 40000],
      [cart({ lines: [{ name: '可乐', qty: 1, amount_fen: 300, card_no: 'A001' }] }), 40000],
      [cart({ total_fen: -1 }), 40000],
      [cart({ stage: 'refund' }), 40000],
    ];
    for (const [b, status] of bad) {
      const r = await screen(owner).push(b);
      expect(r.status, JSON.stringify(b)).toBe(status);
      expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(s.got.length).toBe(1);
  });

  it("never reaches another store's screen; agents may not push", async () => {
    const other = await t.as(DEMO.netbar2);
    const theirs = await open(tokenOf((await screen(other).link('regenerate')).data.link));
    const mine = await open(token);
    await expect.poll(() => theirs.got.length + mine.got.length).toBe(2);
    await screen(owner).push(cart({ total_fen: 4242 }));
    await expect.poll(() => mine.got.length).toBe(2);
    await new Promise((r) => setTimeout(r, 200));
    expect(theirs.got.map((e) => e.data.total_fen)).not.toContain(4242);
    expect((await screen(await t.as(DEMO.agent)).push(cart())).status).toBe(40003);
    expect((await screen(t.client()).push(cart())).status).toBe(40005);
  });

  it('a bad token is a Chinese 40004, never a stream', async () => {
    const s = await open(`${token.slice(0, -4)}AAAA`);
    expect(s.contentType).toMatch(/json/);
    expect(s.json).toMatchObject({ status: 40004, msg: '副屏链接无效或已停用' });
  });

  it('停用 ends open screens at once; 重新生成 ends the old link and the new one works', async () => {
    const s = await open(token);
    await expect.poll(() => s.got.length).toBe(1);
    const off = await screen(owner).link('revoke');
    expect([off.status, off.msg, off.data.link]).toEqual([200, '副屏链接已停用', '']);
    await expect.poll(() => s.ended()).toBe(true);
    expect(s.got.at(-1)!.event).toBe('revoked');
    expect((await t.client().get('/api/v1/secondary_screen_public', { token })).status).toBe(40004);

    const on = tokenOf((await screen(owner).link('regenerate')).data.link);
    expect(on).not.toBe(token);
    const fresh = await open(on);
    await expect.poll(() => fresh.got.length).toBe(1);
    const again = tokenOf((await screen(owner).link('regenerate')).data.link);
    // the screen on the replaced link stops; the old token stays dead
    await expect.poll(() => fresh.ended()).toBe(true);
    expect((await open(on)).json?.status).toBe(40004);
    expect((await open(token)).json?.status).toBe(40004);
    const now = await open(again);
    await expect.poll(() => now.got.length).toBe(1);
  });
});

describe('副屏 stream: a reconnecting screen (Last-Event-ID, decision 198)', () => {
  it('gets exactly the pushes it missed, in order, once, then live', async () => {
    const port = await portOf(t);
    const live = tokenOf((await screen(owner).read()).data.link);
    await missTwoPushes((id) => openStreamAt(port, live, id), owner);
  });

  it('a malformed Last-Event-ID is 40000 in Chinese and opens no stream', async () => {
    const live = tokenOf((await screen(owner).read()).data.link);
    const s = await openStreamAt(await portOf(t), live, 'abc');
    expect(s.contentType).toMatch(/json/);
    expect(s.json).toMatchObject({ status: 40000, msg: '副屏消息序号无效' });
  });
});
