import { MEMBER_PASSWORD_MSG, type MemberRow, type MemberSettings } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf } from '../../test/kit.ts';

let t: TestApp;
let owner: Client;
let other: Client;
beforeAll(async () => {
  t = await createTestApp();
  [owner, other] = await Promise.all([t.as(DEMO.netbar), t.as(DEMO.netbar2)]);
});
afterAll(() => t.close());

let n = 0;
const add = (c: Client, extra: Record<string, unknown> = {}) =>
  c.post<MemberRow>('/api/v1/member_save', {
    card_kind: 2,
    card_no: `PW${Date.now().toString().slice(-8)}${++n}`,
    name: '密码会员',
    ...extra,
  });
const hashOf = async (id: number) =>
  (
    await rows<{ h: string | null }>(
      t.database.db,
      sql`select password_hash as h from members where id = ${id}`,
    )
  )[0]!.h;

describe('member passwords', () => {
  it('a password given when adding is stored as an argon2id hash and never returned', async () => {
    const r = await add(owner, { password: '246810' });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.has_password).toBe(true);
    expect(JSON.stringify(r.data)).not.toMatch(/argon|246810|password_hash/);
    expect(await hashOf(r.data.id)).toMatch(/^\$argon2id\$/);
    const plain = await add(owner);
    expect([plain.data.has_password, await hashOf(plain.data.id)]).toEqual([false, null]);
    const detail = await owner.get<MemberRow>('/api/v1/member_detail', { id: r.data.id });
    expect(JSON.stringify(detail.data)).not.toMatch(/argon/);
  });

  it('重置密码: a new hash, written to the operation log without the secret', async () => {
    const m = (await add(owner)).data;
    const r = await owner.post<{ id: number; name: string }>('/api/v1/member_password_reset', {
      id: m.id,
      password: 'abc12345',
    });
    expect([r.status, r.msg, r.data]).toEqual([200, '会员密码已重置', { id: m.id, name: '密码会员' }]);
    expect(await hashOf(m.id)).toMatch(/^\$argon2id\$/);
    const log = await rows<{ target: string; detail: string; result: string }>(
      t.database.db,
      sql`select target, detail, result from operation_log where action = '重置会员密码' order by id desc limit 1`,
    );
    expect(log[0]?.result).toBe('success');
    expect(log[0]?.target).toBe(`会员#${m.id} 密码会员`);
    expect(JSON.stringify(log)).not.toContain('abc12345');
    expect((await owner.get<MemberRow>('/api/v1/member_detail', { id: m.id })).data.has_password).toBe(true);
  });

  it("refuses another store's member like a missing one, and writes nothing", async () => {
    const m = (await add(owner)).data;
    const r = await other.post('/api/v1/member_password_reset', { id: m.id, password: '135790' });
    expect([r.status, r.msg]).toEqual([40004, '会员不存在']);
    expect(await hashOf(m.id)).toBeNull();
    expect(await countOf(t, 'operation_log', `action = '重置会员密码' and result = 'failure'`)).toBe(1);
  });

  it('refuses a bad password in Chinese and writes nothing; editing never sets one', async () => {
    const m = (await add(owner)).data;
    for (const password of ['12345', '12345678901234567', '密码123456', '123 456', ''])
      expect((await owner.post('/api/v1/member_password_reset', { id: m.id, password })).msg, password).toBe(
        MEMBER_PASSWORD_MSG,
      );
    expect((await add(owner, { password: '1234' })).msg).toBe(MEMBER_PASSWORD_MSG);
    const edit = await owner.post('/api/v1/member_save', {
      id: m.id,
      card_kind: 2,
      name: '改名',
      password: '123456',
    });
    expect([edit.status, edit.msg]).toEqual([40000, '修改会员密码请使用“重置密码”']);
    expect(await hashOf(m.id)).toBeNull();
    expect(await countOf(t, 'members', `name = '改名'`)).toBe(0);
  });

  it('the store setting 允许无密码会员刷卡上机 defaults to on and only the owner changes it', async () => {
    const s = await owner.get<MemberSettings>('/api/v1/member_settings');
    expect(s.data.card_only_logon).toBe(true);
    const off = await owner.post<MemberSettings>('/api/v1/member_settings_save', {
      deduct_order: s.data.deduct_order,
      card_only_logon: 0,
    });
    expect([off.status, off.data.card_only_logon, off.data.deduct_order]).toEqual([
      200,
      false,
      s.data.deduct_order,
    ]);
    // another store keeps its own
    expect((await other.get<MemberSettings>('/api/v1/member_settings')).data.card_only_logon).toBe(true);
    const bad = await owner.post('/api/v1/member_settings_save', {
      deduct_order: s.data.deduct_order,
      card_only_logon: 'maybe',
    });
    expect([bad.status, bad.msg]).toEqual([40000, '参数错误']);
    await owner.post('/api/v1/member_settings_save', {
      deduct_order: s.data.deduct_order,
      card_only_logon: 1,
    });
    expect((await owner.get<MemberSettings>('/api/v1/member_settings')).data.card_only_logon).toBe(true);
  });
});
