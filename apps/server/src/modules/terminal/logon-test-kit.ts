import type { Client } from '../../test/harness.ts';
import { rid } from '../../test/kit.ts';

/** The logon tests' own store: an area with machines, a plain plan, and members with money and a card. */
let n = 0;
const uniq = () => `${Date.now().toString(36).slice(-5)}${++n}`;

export async function logonStore(c: Client, machines = 2) {
  const tag = uniq();
  const a = await c.post<{ id: number }>('/api/v1/venue_area_save', { name: `登录区${tag}` });
  const ids: number[] = [];
  for (let i = 0; i < machines; i++)
    ids.push(
      (await c.post<{ id: number }>('/api/v1/machine_save', { name: `L${tag}${i}`, area_id: a.data.id })).data
        .id,
    );
  const p = await c.post('/api/v1/rate_plan_save', {
    name: `登录${tag}`,
    area_id: a.data.id,
    price_per_hour_fen: 600,
  });
  if (p.status !== 200) throw new Error(`plan: ${p.msg}`);
  return {
    machines: ids,
    /** A member with 100 元, a card number of its own and, when given, a password and mobile. */
    async member(extra: { password?: string; mobile?: string } = {}) {
      const card = `LG${uniq()}`;
      const m = await c.post<{ id: number }>('/api/v1/member_save', {
        card_kind: 2,
        card_no: card,
        name: `登录会员${tag}`,
        ...extra,
      });
      if (m.status !== 200) throw new Error(`member: ${m.msg}`);
      const tp = await c.post('/api/v1/member_topup', {
        member_id: m.data.id,
        amount_fen: 10000,
        pay_method: 'cash',
        request_id: rid(),
      });
      if (tp.status !== 200) throw new Error(`topup: ${tp.msg}`);
      return { id: m.data.id, card };
    },
  };
}
