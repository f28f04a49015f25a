import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { severeViolations } from './support/axe';
import { ACCOUNTS, baseUrl, loginViaApi, newPage, screenshot, signedInSuite } from './support/browser';
import { must as consoleMust } from './support/console';
import { terminalCall } from './support/terminal';

/**
 * 语音播报 (issue 18 item 3, decision 189) as demo_netbar would try it: the settings page shows the
 * flagship's templates, refuses an unknown variable in Chinese and plays 试听; a seat order sent through
 * the terminal API is then spoken by the console on whatever page is open. Headless Chromium has no voices:
 * an init script stands in for window.speechSynthesis with one zh-CN voice and records what is spoken.
 */

let page: Page;
let browser: Browser;
signedInSuite(ACCOUNTS.netbar, (p, b) => {
  page = p;
  browser = b;
});

const u = Date.now().toString().slice(-6);
const must = <T>(path: string, body?: object) => consoleMust<T>(page, path, body);
type Said = { text: string; lang: string; voice: string; rate: number; volume: number; at: number };
const spoken = () => page.evaluate(() => (window as unknown as { __said: Said[] }).__said.map((s) => s.text));

describe('语音播报, as demo_netbar', () => {
  it('the settings page shows the store’s templates, refuses an unknown variable and plays 试听', async () => {
    await page.addInitScript(() => {
      const w = window as unknown as { __said: Said[] };
      w.__said = [];
      const voice = {
        name: '测试中文语音',
        lang: 'zh-CN',
        default: true,
        localService: true,
        voiceURI: 'test-zh',
      };
      const fake = {
        speaking: false,
        pending: false,
        paused: false,
        getVoices: () => [voice],
        cancel() {},
        pause() {},
        resume() {},
        addEventListener() {},
        removeEventListener() {},
        speak(u: SpeechSynthesisUtterance) {
          w.__said.push({
            text: u.text,
            lang: u.lang,
            voice: u.voice?.name ?? '',
            rate: u.rate,
            volume: u.volume,
            at: Date.now(),
          });
          setTimeout(() => u.onend?.(new Event('end') as SpeechSynthesisEvent), 20);
        },
      };
      Object.defineProperty(window, 'speechSynthesis', { value: fake, configurable: true });
      // the stub's voice is a plain object: let the utterance accept it
      try {
        Object.defineProperty(SpeechSynthesisUtterance.prototype, 'voice', {
          configurable: true,
          get(this: { _v?: unknown }) {
            return this._v ?? null;
          },
          set(this: { _v?: unknown }, v: unknown) {
            this._v = v;
          },
        });
      } catch {
        /* the announcer speaks without the voice object then */
      }
    });
    await page.goto(`${baseUrl()}/application_manage/broadcast_settings`);
    const order = page.getByRole('textbox', { name: '点单播报模板' });
    await expect.poll(() => order.inputValue()).toBe('{机器号}号机点单：{商品}，共{金额}，请及时送达');
    await page
      .getByText('测试中文语音（zh-CN）')
      .or(page.getByText('默认（第一个中文语音）'))
      .first()
      .waitFor();
    await screenshot(page, 'broadcast-settings');
    expect(await severeViolations(page)).toEqual([]);

    // an unknown variable is refused on the page, before anything is sent
    await order.fill('{机器号}号机{桌号}点单');
    await page
      .getByText('「点单」模板中的变量{桌号}不存在，可用变量：{机器号}{会员名}{商品}{金额}')
      .waitFor();
    await screenshot(page, 'broadcast-settings-bad-variable');
    await order.fill('{机器号}号机点单：{商品}，共{金额}，请及时送达');

    // 试听 speaks the template with sample values through the stubbed zh-CN voice
    await page.getByTestId('try-seat_order').click();
    await expect.poll(spoken).toContain('A01号机点单：可乐1份、泡面1份，共8.50元，请及时送达');
    const first = await page.evaluate(() => (window as unknown as { __said: Said[] }).__said[0]);
    expect(first).toMatchObject({
      lang: 'zh-CN',
      voice: '测试中文语音',
      rate: 1,
      volume: expect.closeTo(0.8, 5),
    });
  });

  it('saves the repeat count and the quiet hours', async () => {
    await page.getByRole('spinbutton').fill('2');
    await page.getByRole('switch', { name: '免打扰开关' }).click();
    await page.getByText('重复次数').scrollIntoViewIfNeeded();
    await screenshot(page, 'broadcast-settings-voice');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功').first().waitFor();
    const saved = await must<{
      repeat: number;
      quiet_enabled: boolean;
      quiet_start: string;
      quiet_end: string;
    }>('broadcast_settings');
    expect(saved).toMatchObject({ repeat: 2, quiet_enabled: true, quiet_start: '01:00', quiet_end: '08:00' });
    // back to no quiet hours, so the next step is spoken whatever the hour of the run
    await page.getByRole('switch', { name: '免打扰开关' }).click();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect
      .poll(async () => (await must<{ quiet_enabled: boolean }>('broadcast_settings')).quiet_enabled)
      .toBe(false);
  });

  it('a seat order from a PC is spoken on the console, whatever page is open', async () => {
    const nid = (await must<{ nid: number }>('user_info')).nid;
    const area = await must<{ id: number }>('venue_area_save', { name: `播报区${u}` });
    const pc = await must<{ id: number }>('machine_save', { name: `V${u}`, area_id: area.id });
    // the console's socket is open and the store's settings are read before the PC orders
    const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/api/v1/ws'));
    const settings = page.waitForResponse((r) => r.url().includes('/api/v1/broadcast_settings'));
    await page.goto(`${baseUrl()}/home2`);
    await Promise.all([socket, settings]);
    await page.getByTestId('terminal-inbox').waitFor();
    await page.mouse.click(5, 300); // a first interaction, as a person would make (audio autoplay rules)
    await page.waitForTimeout(500);
    const before = (await spoken()).length;
    const t0 = Date.now();
    const buy = await terminalCall<{ id: number }>(nid, 'terminal_buy', {
      machine_id: pc.id,
      request_id: `voice${u}`,
      items: [{ name: '可乐', price_fen: 300, qty: 2 }],
    });
    expect(buy.status, buy.msg).toBe(200);
    await expect
      .poll(async () => (await spoken()).slice(before), { timeout: 15_000 })
      .toContain(`V${u}号机点单：可乐2份，共6.00元，请及时送达`);
    const said = await page.evaluate(() => (window as unknown as { __said: Said[] }).__said);
    // the figure of decision 189: from the PC's order to the first word handed to speechSynthesis
    console.log(`语音播报 latency: ${said[before]!.at - t0} ms`);
    await screenshot(page, 'broadcast-seat-order');
  });

  it('a browser without a Chinese voice plays the chime instead', async () => {
    const p = await newPage(browser);
    await p.addInitScript(() => {
      const w = window as unknown as { __notes: number; __spoke: number };
      w.__notes = 0;
      w.__spoke = 0;
      const english = { name: 'English', lang: 'en-US', default: true, localService: true, voiceURI: 'en' };
      const fake = {
        getVoices: () => [english],
        cancel() {},
        addEventListener() {},
        removeEventListener() {},
        speak() {
          w.__spoke++;
        },
      };
      Object.defineProperty(window, 'speechSynthesis', { value: fake, configurable: true });
      const start = OscillatorNode.prototype.start;
      OscillatorNode.prototype.start = function (...a: Parameters<typeof start>) {
        w.__notes++;
        return start.apply(this, a);
      };
    });
    await loginViaApi(p, ACCOUNTS.netbar);
    await p.goto(`${baseUrl()}/application_manage/broadcast_settings`);
    await p.getByText('本机浏览器没有中文语音，播报时将以提示音代替').waitFor();
    await p.getByTestId('try-service_call').click();
    // three notes a chime, nothing handed to speechSynthesis
    await expect.poll(() => p.evaluate(() => (window as unknown as { __notes: number }).__notes)).toBe(3);
    expect(await p.evaluate(() => (window as unknown as { __spoke: number }).__spoke)).toBe(0);
    await p.getByText('本机没有中文语音，已播放提示音').waitFor();
    await screenshot(p, 'broadcast-settings-chime');
    await p.context().close();
  });
});
