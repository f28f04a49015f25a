import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { modal as frontModal, tableRow } from './support/antd';
import { ACCOUNTS, baseUrl, newPage, screenshot, signedInSuite } from './support/browser';
import { must as consoleMust } from './support/console';
import { terminalCall } from './support/terminal';

/**
 * Issue 12's "done when" in one flow (decision 120): the live map fills as a machine logs a member on
 * through the terminal API, a member topped up at the counter is billed and its session ends by itself
 * when the balance is spent, a seat order arrives with a chime and is acknowledged, and the public seat
 * page leaks no member data.
 */

let browser: Browser;
let page: Page;
signedInSuite(ACCOUNTS.netbar, (p, b) => {
  page = p;
  browser = b;
});

const u = Date.now().toString().slice(-6);
const NAME = `上机测试${u.slice(-4)}`;
const CARD = `LIVE${u}`;
const PASSWORD = 'live1234';
/** The live map may refresh over the socket or by its poll: either is in time. */
const SEAT_WAIT = 20_000;

/** A console call with the page's session that must succeed. */
const must = <T>(path: string, body?: object) => consoleMust<T>(page, path, body);

type Ack = { id: number; kind: number; machine_id: number | null; text: string };
async function feed(nid: number): Promise<Ack[]> {
  const all: Ack[] = [];
  let after = 0;
  for (let i = 0; i < 20; i++) {
    const r = await terminalCall<{ list: Ack[]; next: number }>(nid, `terminal_acks?after=${after}`);
    if (r.status !== 200 || !r.data.list.length) break;
    all.push(...r.data.list);
    after = r.data.next;
  }
  return all;
}

const seat = (p: Page, name: string, state: string) => p.getByRole('button', { name: `${name} ${state}` });
const inboxCount = async () =>
  Number((await page.getByTestId('terminal-inbox').getAttribute('aria-label'))?.match(/(\d+)条/)?.[1]);

describe('the live venue, as demo_netbar', () => {
  let nid = 0;
  let pc = { id: 0, name: '' };
  let memberId = 0;
  let sessionId = 0;
  let token = '';

  it('tops up a member at the counter through the member screen', async () => {
    nid = (await must<{ nid: number }>('user_info')).nid;
    token = (await must<{ token: string }>('seat_link')).token;
    // a level of its own (never reached by a top-up) with a store-wide plan of 1 元 a minute: a 大厅
    // machine has no area plan, so this member is priced by it, the demo members as before
    const level = await must<{ id: number }>('member_level_save', {
      name: `上机测试${u.slice(-4)}`,
      threshold_fen: 99_000_000 + Number(u.slice(-3)),
      rate_discount: 100,
      bonus_rules: '[]',
    });
    await must('rate_plan_save', {
      name: `每分钟1元${u.slice(-4)}`,
      level_id: level.id,
      price_per_hour_fen: 6000,
    });
    memberId = (
      await must<{ id: number }>('member_save', {
        card_kind: 2,
        card_no: CARD,
        name: NAME,
        level_id: level.id,
        password: PASSWORD,
      })
    ).id;
    const free = await must<{ list: { id: number; name: string }[] }>(
      'machine_list?state=空闲&keyword=A0&page=1&page_size=100',
    );
    pc = free.list.filter((m) => /^A\d{3}$/.test(m.name)).at(-1)!;
    expect(pc).toBeTruthy();

    await page.goto(`${baseUrl()}/Member/member_manage`);
    await page.getByLabel('姓名、手机号或卡号后四位').fill(NAME);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = tableRow(page, NAME);
    await row.waitFor();
    await row.getByRole('button', { name: '充值', exact: true }).click(); // not 扫码充值
    const modal = frontModal(page);
    await modal.getByLabel('充值金额').fill('2');
    await modal.getByRole('button', { name: '确认收款并充值' }).click();
    await modal.getByText('充值成功').waitFor();
    await modal.getByRole('button', { name: /完\s*成/ }).click();
    await modal.waitFor({ state: 'hidden' });
    const m = await must<{ list: { principal_fen: number; bonus_fen: number }[] }>(
      `member_list?keyword=${encodeURIComponent(NAME)}`,
    );
    expect(m.list[0]).toMatchObject({ principal_fen: 200, bonus_fen: 0 });
  });

  it('a machine logs the member on through the terminal API and the seat turns 上机中 on the live map', async () => {
    // counts the chime's notes (Web Audio, two oscillators a chime) from the next page load on
    await page.addInitScript(() => {
      const w = window as unknown as { __notes: number };
      w.__notes = 0;
      const start = OscillatorNode.prototype.start;
      OscillatorNode.prototype.start = function (...a: Parameters<typeof start>) {
        w.__notes++;
        return start.apply(this, a);
      };
    });
    await page.goto(`${baseUrl()}/diagram_detail`);
    await seat(page, pc.name, '空闲').waitFor({ timeout: SEAT_WAIT });
    // the store's server reports its PCs, then a member swipes a card at one
    const report = await terminalCall(nid, 'terminal_machine_state', {
      machines: [{ id: pc.id, state: '空闲' }],
    });
    expect(report.status, report.msg).toBe(200);
    const logon = await terminalCall<{ id: number; charged_fen: number; member_name: string }>(
      nid,
      'terminal_logon',
      {
        machine_id: pc.id,
        card_no: CARD,
        password: PASSWORD,
      },
    );
    expect(logon.status, logon.msg).toBe(200);
    expect(logon.data).toMatchObject({ charged_fen: 100, member_name: NAME });
    sessionId = logon.data.id;
    const busy = seat(page, pc.name, '上机中');
    await busy.waitFor({ timeout: SEAT_WAIT });
    await busy.hover();
    const hover = page.getByTestId('seat-hover');
    await hover.filter({ hasText: NAME }).waitFor();
    expect(await hover.innerText()).toMatch(/余额：1\.00元/);
    await screenshot(page, 'venue-live-online');
  });

  it('the public seat page, without login, shows free seats and no member data', async () => {
    const guest = await newPage(browser);
    const bodies: Promise<string>[] = [];
    guest.on('response', (r) => {
      if (r.url().includes('/api/')) bodies.push(r.text().catch(() => ''));
    });
    await guest.goto(`${baseUrl()}/jiweitu?token=${token}`);
    await guest.getByText('星际网咖旗舰店 · 选座预订').waitFor();
    await guest.getByText(/当前空闲 \d+ 台/).waitFor();
    await seat(guest, pc.name, '不可选').waitFor();
    expect(await guest.getByRole('button', { name: /空闲$/ }).count()).toBeGreaterThan(10);
    await screenshot(guest, 'venue-live-public');
    // what the guest sees, and every answer the page was given
    const text = await guest.locator('body').innerText();
    for (const secret of [NAME, CARD, '余额', '会员', '张老板']) expect(text, secret).not.toContain(secret);
    const answers = (await Promise.all(bodies)).join('\n');
    expect(answers).toContain(pc.name);
    for (const secret of [NAME, CARD, CARD.slice(-4), 'balance', 'member', '张老板'])
      expect(answers, secret).not.toContain(secret);
    await guest.context().close();
  });

  it('bills the session and ends it by itself when the balance is spent; the seat is free again', async () => {
    // one minute later (the hook ages the session: the e2e server runs no checkpoint job)
    const billed = await must<{ ended: boolean; charged_fen: number }>('__test/session_checkpoint', {
      id: sessionId,
      minutes: 1,
    });
    expect(billed).toMatchObject({ ended: false, charged_fen: 200 });
    const after = await must<{ list: { principal_fen: number; bonus_fen: number }[] }>(
      `member_list?keyword=${encodeURIComponent(NAME)}`,
    );
    expect(after.list[0]).toMatchObject({ principal_fen: 0, bonus_fen: 0 });
    const ended = await must<{ ended: boolean; reason: string }>('__test/session_checkpoint', {
      id: sessionId,
      minutes: 1,
    });
    expect(ended).toMatchObject({ ended: true, reason: '余额不足' });
    await seat(page, pc.name, '空闲').waitFor({ timeout: SEAT_WAIT });

    const ledger = await must<{ list: { kind: string; principal_delta: number; bonus_delta: number }[] }>(
      `member_ledger?member_id=${memberId}&page=1&page_size=20`,
    );
    const spent = ledger.list
      .filter((l) => l.kind === 'consume')
      .reduce((s, l) => s - l.principal_delta - l.bonus_delta, 0);
    expect(spent).toBe(200);
    const hist = await must<{ list: { id: number; charged_fen: number; end_reason: string }[] }>(
      `online_session_history?member_id=${memberId}&page=1&page_size=5`,
    );
    expect(hist.list.find((h) => h.id === sessionId)).toMatchObject({
      charged_fen: 200,
      end_reason: '余额不足',
    });
    // the PC was warned and told its session ended (ALL to that machine)
    const told = (await feed(nid)).filter((a) => a.kind === 6 && a.machine_id === pc.id);
    expect(told.length).toBeGreaterThan(0);
  });

  it('a seat order arrives with a notification, the badge and the chime, and is acknowledged', async () => {
    await page.mouse.click(1430, 890); // the first interaction unlocks audio (autoplay rules)
    const before = await inboxCount();
    const notes = await page.evaluate(() => (window as unknown as { __notes: number }).__notes);
    const buy = await terminalCall<{ id: number }>(nid, 'terminal_buy', {
      machine_id: pc.id,
      request_id: `live${u}`,
      items: [{ name: '可乐', price_fen: 300, qty: 2 }],
    });
    expect(buy.status, buy.msg).toBe(200);
    await page
      .locator('.ant-notification-notice')
      .filter({ hasText: `${pc.name} 座位订单 ¥6` })
      .waitFor();
    await expect.poll(inboxCount).toBe(before + 1);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __notes: number }).__notes))
      .toBe(notes + 2);
    await page.getByTestId('terminal-inbox').click();
    const item = page.getByTestId(`terminal-msg-${buy.data.id}`);
    await item.waitFor();
    await screenshot(page, 'venue-live-order');
    await item.getByRole('button', { name: '已送达' }).click();
    await item.waitFor({ state: 'detached' });
    await expect.poll(inboxCount).toBe(before);
    // BUY_DONE went back to the machine
    expect((await feed(nid)).filter((a) => a.id === buy.data.id).map((a) => a.kind)).toEqual([3]);
  });
});
