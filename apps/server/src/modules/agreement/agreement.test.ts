import { AGREEMENT_SLUGS } from '@netbar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf } from '../../test/kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('agreements', () => {
  it('every page has a published Chinese text, readable without login', async () => {
    for (const slug of AGREEMENT_SLUGS) {
      const r = await t
        .client()
        .get<{ title: string; content: string; version: string }>('/api/v1/agreement_get', { slug });
      expect(r.status).toBe(200);
      expect(r.data.content.length).toBeGreaterThan(300);
      expect(r.data.content).toMatch(/第1条/);
    }
    expect((await t.client().get('/api/v1/agreement_get', { slug: 'nope' })).msg).toBe('协议不存在');
  });

  it('an administrator saves a new version and publishes it; the old one is archived', async () => {
    const admin = await t.as(DEMO.admin);
    const body = {
      slug: 'servece_policy',
      title: '隐私政策',
      content: '这是新版本的隐私政策全文，自生效日期起适用于全部用户。',
      version: '2.0',
      effective_date: '2026-01-01',
    };
    const saved = await admin.post<{ id: number }>('/api/v1/agreement_save', body);
    expect(saved.status).toBe(200);
    expect(
      (await t.client().get<{ version: string }>('/api/v1/agreement_get', { slug: 'servece_policy' })).data
        .version,
    ).toBe('1.0');
    expect((await admin.post('/api/v1/agreement_publish', { id: saved.data.id })).status).toBe(200);
    const now = await t
      .client()
      .get<{ version: string; effective_date: string }>('/api/v1/agreement_get', { slug: 'servece_policy' });
    expect(now.data).toMatchObject({ version: '2.0', effective_date: '2026-01-01' });
    expect(await countOf(t, 'agreements', "slug = 'servece_policy' and status = 'archived'")).toBe(1);
    expect((await admin.post('/api/v1/agreement_save', body)).msg).toBe('该版本号已发布，请使用新的版本号');
    expect((await admin.post('/api/v1/agreement_publish', { id: saved.data.id })).msg).toBe('只能发布草稿');
  });

  it('refuses other users and bad input, writing nothing', async () => {
    const before = await countOf(t, 'agreements');
    const agent = await t.as(DEMO.agent);
    expect(
      (
        await agent.post('/api/v1/agreement_save', {
          slug: 'protocol',
          title: 'x',
          content: 'x'.repeat(30),
          version: '9',
          effective_date: '2026-01-01',
        })
      ).status,
    ).toBe(40003);
    const admin = await t.as(DEMO.admin);
    expect(
      (
        await admin.post('/api/v1/agreement_save', {
          slug: 'protocol',
          title: '标题',
          content: '太短',
          version: '9',
          effective_date: '2026-01-01',
        })
      ).msg,
    ).toBe('协议内容至少20个字符');
    expect(
      (
        await admin.post('/api/v1/agreement_save', {
          slug: 'protocol',
          title: '标题',
          content: '内容'.repeat(20),
          version: '9 9',
          effective_date: '2026-01-01',
        })
      ).msg,
    ).toBe('版本号为1-20位字母、数字、点或横线');
    expect((await admin.post('/api/v1/agreement_publish', { id: 999999 })).status).toBe(40004);
    const big = await admin.post('/api/v1/agreement_publish', { id: 2147483648 });
    expect([big.http, big.status, big.msg]).toEqual([400, 40000, '参数错误']);
    for (const effective_date of ['2024-02-30', '2023-02-29', '2024-13-01', '']) {
      const r = await admin.post('/api/v1/agreement_save', {
        slug: 'protocol',
        title: '标题',
        content: '内容'.repeat(20),
        version: '9',
        effective_date,
      });
      expect([r.http, r.status, r.msg]).toEqual([
        400,
        40000,
        effective_date ? '生效日期不是有效的日期' : '请选择生效日期',
      ]);
    }
    expect(await countOf(t, 'agreements')).toBe(before);
  });

  it('concurrent publishes of one page: no 500, each answer Chinese, exactly one version published', async () => {
    const admin = await t.as(DEMO.admin);
    const ids: number[] = [];
    for (const version of ['3.0', '3.1']) {
      const r = await admin.post<{ id: number }>('/api/v1/agreement_save', {
        slug: 'payment_policy',
        title: '支付政策',
        content: '支付政策新版本全文，自生效日期起适用于全部用户。',
        version,
        effective_date: '2026-03-01',
      });
      ids.push(r.data.id);
    }
    const answers = await Promise.all(
      [...ids, ...ids, ...ids].map((id) => admin.post('/api/v1/agreement_publish', { id })),
    );
    for (const a of answers) {
      expect([200, 40009]).toContain(a.status);
      expect(a.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(await countOf(t, 'agreements', "slug = 'payment_policy' and status = 'published'")).toBe(1);
  });
});
