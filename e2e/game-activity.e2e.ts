import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { modal, tableRow } from './support/antd';
import { ACCOUNTS, baseUrl, screenshot, signedInSuite } from './support/browser';
import { api, must } from './support/console';
import { terminalCall } from './support/terminal';

/**
 * 赛事活动 (decision 181) as a new owner would try it: from the 赛事活动 cards to 英雄联盟活动设置, a new activity
 * with its preset tasks saved and published; a PC reports 3 wins for its member and the task pays at once (a
 * retry pays nothing); the card and the leaderboard show it; a screenshot result waits on 成绩审核 until 确认.
 */

let owner: Page;
signedInSuite(ACCOUNTS.netbar, (p) => {
  owner = p;
});

const u = Date.now().toString().slice(-6);
const CARD = `GA${u}`;
const MEMBER = `赛事${u.slice(-3)}`;
const NAME = `英雄联盟${u.slice(-3)}`;

describe('赛事活动, as demo_netbar', () => {
  let nid = 0;
  let machineId = 0;
  let activityId = 0;
  const logon = async () => {
    const on = await terminalCall(nid, 'terminal_logon', {
      machine_id: machineId,
      card_no: CARD,
      password: '123456',
    });
    expect(on.status, on.msg).toBe(200);
  };

  it('creates and publishes a 英雄联盟 activity from the 赛事活动 cards', async () => {
    nid = (await must<{ nid: number }>(owner, 'user_info')).nid;
    const area = await must<{ id: number }>(owner, 'venue_area_save', { name: `赛事区${u}` });
    machineId = (await must<{ id: number }>(owner, 'machine_save', { name: `GA${u}`, area_id: area.id })).id;
    await must(owner, 'rate_plan_save', {
      name: `赛事${u}`,
      area_id: area.id,
      enabled: 1,
      price_per_hour_fen: 500,
    });
    const m = await must<{ id: number }>(owner, 'member_save', {
      card_kind: 2,
      card_no: CARD,
      name: MEMBER,
      password: '123456',
    });
    await api(owner, 'shift_open', { float_fen: 10000, request_id: `ga${u}open` }); // already open: fine
    await must(owner, 'member_topup', { member_id: m.id, amount_fen: 5000, request_id: `ga${u}top` });

    await owner.goto(`${baseUrl()}/application_manage/ActivityGameList`);
    const pubg = owner.getByTestId('game-card-PUBG');
    await pubg.getByText('进行中').waitFor();
    await screenshot(owner, 'game-activity-cards');
    await owner.getByTestId('game-card-League_of_Heroes').getByRole('button', { name: '活动设置' }).click();
    await owner.waitForURL(/sctivitysettings\/League_of_Heroes/);
    await owner.locator('.ant-breadcrumb').getByText('英雄联盟活动设置').waitFor();
    await owner.getByRole('button', { name: '新建英雄联盟活动' }).click();
    const form = modal(owner);
    await form.getByText('任务与奖励').waitFor();
    await form.locator('input#game-form-League_of_Heroes_name').fill(NAME);
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await owner.getByText('已保存为草稿，发布后会员完成任务即发奖').waitFor();
    const row = tableRow(owner, NAME);
    await row.getByRole('button', { name: '发布' }).click();
    await row.getByText('进行中').waitFor();
    await screenshot(owner, 'game-activity-settings');
    const list = await must<{ list: { id: number; name: string }[] }>(
      owner,
      'game_list?game_type=League_of_Heroes&page=1&page_size=10',
    );
    activityId = list.list.find((a) => a.name === NAME)!.id;
  });

  it('a PC reports 3 wins: the task pays once, the card and the leaderboard show it', async () => {
    await logon();
    const report = {
      machine_id: machineId,
      activity_id: activityId,
      metric: 'wins',
      value: 3,
      request_id: `ga${u}w3`,
    };
    const first = await terminalCall<{ paid: { task: string }[] }>(nid, 'terminal_game_result', report);
    expect([first.status, first.msg]).toEqual([200, '完成任务：今日排位赛胜3场']);
    const again = await terminalCall<{ replay: boolean; paid: unknown[] }>(
      nid,
      'terminal_game_result',
      report,
    );
    expect([again.msg, again.data.replay]).toEqual(['已处理过', true]);

    await owner.goto(`${baseUrl()}/application_manage/ActivityGameList`);
    const card = owner.getByTestId('game-card-League_of_Heroes');
    await card.getByText(NAME).waitFor();
    await expect.poll(() => card.innerText()).toMatch(/获奖人数 1/);
    expect(await card.innerText()).toMatch(/已发 1\/200/);
    await card.getByRole('button', { name: '排行榜' }).click();
    const drawer = owner.locator('.ant-drawer:visible');
    await tableRow(drawer, MEMBER).waitFor();
    expect(await tableRow(drawer, MEMBER).innerText()).toMatch(/3 场/);
    await owner.waitForTimeout(400); // the drawer's slide-in
    await screenshot(owner, 'game-activity-leaderboard');
    await drawer.locator('.ant-drawer-close').click();
  });

  it('a screenshot result waits on 成绩审核 until staff confirm it', async () => {
    const shot = await terminalCall<{ status: string }>(nid, 'terminal_game_result', {
      machine_id: machineId,
      activity_id: activityId,
      metric: 'matches',
      value: 5,
      request_id: `ga${u}shot`,
      screenshot: 'https://example.com/lol.png',
    });
    expect([shot.msg, shot.data.status]).toEqual(['成绩已提交，等待网吧确认', 'pending']);
    await terminalCall(nid, 'terminal_logoff', { machine_id: machineId });
    // the open 赛事活动 page hears it on the live channel (GAME, decision 187): no reload
    await owner.getByText('赛事成绩待审核').waitFor();
    await owner.getByTestId('game-card-League_of_Heroes').getByText('待确认').waitFor();
    await screenshot(owner, 'game-activity-live');

    await owner.getByRole('tab', { name: '成绩审核' }).click();
    const row = tableRow(owner, MEMBER);
    await row.getByText('待确认').waitFor();
    expect(await row.innerText()).toMatch(/对局 5局/);
    await screenshot(owner, 'game-activity-results');
    await row.getByRole('button', { name: '确认' }).click();
    await owner.getByText('已确认，完成任务：今日对局5局').waitFor();
    await expect.poll(() => tableRow(owner, MEMBER).count()).toBe(0);
  });
});
