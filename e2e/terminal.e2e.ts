import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  baseUrl,
  expectNoPageErrors,
  launch,
  loginViaApi,
  newPage,
  screenshot,
} from './support/browser';
import { terminalCall } from './support/terminal';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
  await loginViaApi(page, ACCOUNTS.netbar);
});
afterEach(() => expectNoPageErrors(page));
afterAll(() => browser?.close());

async function api<T>(path: string): Promise<T> {
  return page.evaluate(
    async (p) => (await (await fetch(`/api/v1/${p}`, { credentials: 'include' })).json()).data,
    path,
  ) as Promise<T>;
}

describe('the live channel, as demo_netbar', () => {
  it('a CALL fired through the terminal API appears at once with a notification, and staff acknowledge it', async () => {
    await page.goto(`${baseUrl()}/home`);
    const inbox = page.getByTestId('terminal-inbox');
    await inbox.waitFor();
    await page.mouse.click(700, 500); // the first interaction arms the chime (autoplay rules)
    const me = await api<{ nid: number }>('user_info');
    const machines = await api<{ list: { id: number; name: string }[] }>('machine_list?page=1&page_size=10');
    const pc = machines.list[0]!;
    const content = `需要一副耳机 ${Date.now().toString().slice(-4)}`;
    // the socket may still be connecting right after the page loaded: wait until the server counts it
    await page.waitForTimeout(500);
    const fired = Date.now();
    const call = await terminalCall<{ id: number }>(me.nid, 'terminal_call', {
      machine_id: pc.id,
      request_id: `e2e${Date.now()}`,
      content,
    });
    expect(call.status).toBe(200);
    const note = page.locator('.ant-notification-notice').filter({ hasText: content });
    await note.waitFor({ timeout: 5000 });
    const delay = Date.now() - fired;
    expect(await note.textContent()).toContain(`${pc.name} 呼叫网管`);
    expect(delay).toBeLessThan(3000);
    await screenshot(page, 'terminal-call-notification');

    await inbox.click();
    const item = page.getByTestId(`terminal-msg-${call.data.id}`);
    await item.waitFor();
    await screenshot(page, 'terminal-inbox');
    await item.getByRole('button', { name: '已处理' }).click();
    await item.waitFor({ state: 'detached' });

    // CALL_DOWN went back to the machine: the terminal's acknowledgement feed has it
    const feed = await terminalCall<{ list: { id: number; kind: number; machine: string }[] }>(
      me.nid,
      'terminal_acks?after=0',
    );
    expect(feed.data.list.filter((f) => f.id === call.data.id).map((f) => [f.kind, f.machine])).toEqual([
      [5, pc.name],
    ]);
  });
});
