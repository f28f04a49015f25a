import { builtinTemplate, type PrintTemplateForPrint, type PrintTemplateRow } from '@netbar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf } from '../../test/kit.ts';

/** 私域二维码 on receipts (decision 183): the template says so, the printing answer carries the code. */

let t: TestApp;
let owner: Client;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://bar.example.cn/' });
  owner = await t.as(DEMO.netbar);
}, 600_000);
afterAll(() => t.close());

const withSiyu = (show: boolean) =>
  builtinTemplate('sale').fields.map((f) => (f.key === 'siyu' ? { ...f, show } : f));
const save = (show: boolean) =>
  owner.request<PrintTemplateRow>(
    'POST',
    '/api/v1/print_template_save',
    {
      kind: 'sale',
      name: show ? '私域小票' : '无私域小票',
      paper_mm: 58,
      fields: withSiyu(show),
      is_default: true,
    },
    { json: true },
  );
const printed = (c: Client = owner, kind = 'sale') =>
  c.get<PrintTemplateForPrint>('/api/v1/print_template_default', { kind });
const appSwitch = (enabled: boolean) =>
  owner.post('/api/v1/store_app_switch', { key: 'siyu', enabled: enabled ? '1' : '0' });

describe('私域二维码 on receipts', () => {
  it('is hidden by default; a template that shows it gets the store first code with an absolute counted link', async () => {
    const b = await printed();
    expect(b.status, b.msg).toBe(200);
    expect(b.data.fields.find((f) => f.key === 'siyu')).toMatchObject({ show: false });
    expect(b.data.siyu_code).toBeNull();

    expect((await appSwitch(true)).status).toBe(200);
    const s = await save(true);
    expect(s.status, s.msg).toBe(200);
    const p = await printed();
    expect(p.data.siyu_code).toMatchObject({ name: expect.any(String) });
    expect(p.data.siyu_code!.link).toMatch(/^https:\/\/bar\.example\.cn\/s\/[A-Za-z0-9_-]+$/);
    const codes = await owner.get<{ link: string; welcome: string }[]>('/api/v1/siyu_codes');
    expect(codes.data.map((c) => c.link)).toContain(
      p.data.siyu_code!.link.replace('https://bar.example.cn', ''),
    );

    // the cashier (store staff without the 私域 grant) prints it too
    const staff = await t.as(DEMO.netbarStaff);
    const sp = await printed(staff);
    expect(sp.status, sp.msg).toBe(200);
    expect(sp.data.siyu_code?.link).toBe(p.data.siyu_code!.link);
    // the link is the counted /s/ link (siyu.test proves the count and the redirect), not the picture
    expect(p.data.siyu_code!.link).not.toContain('/uploads/');
    expect(await countOf(t, 'siyu_codes', `token = '${p.data.siyu_code!.link.split('/s/')[1]}'`)).toBe(1);
  });

  it('prints no code while the app is off, nor when the template hides it; another store has its own', async () => {
    expect((await appSwitch(false)).status).toBe(200);
    expect((await printed()).data.siyu_code).toBeNull();
    expect((await appSwitch(true)).status).toBe(200);
    expect((await printed()).data.siyu_code).not.toBeNull();
    expect((await save(false)).status).toBe(200);
    expect((await printed()).data.siyu_code).toBeNull();
    const other = await t.as(DEMO.netbar2);
    const o = await printed(other);
    expect(o.status, o.msg).toBe(200);
    expect(o.data.siyu_code).toBeNull();
  });

  it('refuses an agent and a bad kind in Chinese', async () => {
    const agent = await t.as(DEMO.agent);
    expect((await printed(agent)).status).toBe(40003);
    const bad = await printed(owner, 'qr');
    expect(bad.status).toBe(40000);
    expect(bad.msg).toBe('请选择模板类型');
  });
});
