import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count } from '../../test/kit.ts';

let t: TestApp;
let agent: Client;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.as(DEMO.agent);
});
afterAll(() => t.close());

const form = (over: Record<string, unknown>) => ({
  user_name: `nb_region_${Math.floor(Math.random() * 1e6)}`,
  password: 'abc12345',
  name: `区域网咖${Math.floor(Math.random() * 1e6)}`,
  contact: '赵老板',
  mobile: '13611113333',
  province: '上海市',
  city: '上海市',
  district: '徐汇区',
  address: '天山路8号',
  machine_count: 50,
  ...over,
});

describe('netbar regions come from the region table, as at registration', () => {
  it('refuses a free-text province, city or district and writes nothing', async () => {
    const before = await count(t, 'netbars');
    for (const [over, msg] of [
      [{ province: '上海' }, '请选择省份'],
      [{ city: '苏州市' }, '请选择城市'],
      [{ district: '不存在区' }, '请选择区县'],
    ] as const) {
      const r = await agent.post('/api/v1/agent_register_sub_netbar', form(over));
      expect([r.status, r.msg]).toEqual([40000, msg]);
    }
    expect(await count(t, 'netbars')).toBe(before);
    const ok = await agent.post('/api/v1/agent_register_sub_netbar', form({ district: '静安区' }));
    expect(ok.status, ok.msg).toBe(200);
  });
});
