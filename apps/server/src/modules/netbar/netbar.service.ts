import { randomInt } from 'node:crypto';
import {
  AGENT_MSG,
  type AgentRegisterNetbarBody,
  type ChainChangeBody,
  type EditNetbarBody,
  MSG,
} from '@netbar/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows } from '../../db/client.ts';
import { sha256 } from '../../lib/crypto.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { type AgentScope, netbarWhere, ownAgent } from '../../tenant/index.ts';
import { findNetbarInScope, idsInScope } from './netbar.repo.ts';
import * as w from './netbar-write.repo.ts';

const BIND_TTL = 24 * 3600;
/** Wrong guesses a netbar's bind code survives; the next one invalidates it (docs/decisions/034-bind-code-guessing.md). */
export const BIND_MAX_GUESSES = 5;
export const bindKey = (netbarId: number) => `agent:bind:${netbarId}`;
const triesKey = (netbarId: number) => `agent:bind:tries:${netbarId}`;
const codeHash = (netbarId: number, code: string) => sha256(`bind:${netbarId}:${code}`);

export function createNetbarService(app: FastifyInstance) {
  const { db, kv } = app.deps;

  async function mustFind(s: AgentScope, id: number) {
    const n = await findNetbarInScope(db, s, id);
    if (!n) throw new NotFoundError(AGENT_MSG.netbarNotFound);
    return n;
  }

  async function mustAll(s: AgentScope, ids: number[]) {
    const unique = [...new Set(ids)];
    const found = await idsInScope(db, s, unique);
    if (found.length !== unique.length) throw new NotFoundError(AGENT_MSG.netbarNotFound);
    return unique;
  }

  /** A staff member of the scope's agent (0 clears). */
  async function mustPerson(agentId: number, personId: number | undefined) {
    if (!personId) return null;
    const r = await rows<{ id: number }>(
      db,
      sql`select u.id from users u join staff st on st.user_id = u.id
      where u.id = ${personId} and u.type = 2 and u.status = 1 and st.agent_id = ${agentId}`,
    );
    if (!r[0]) throw new NotFoundError('员工不存在');
    return personId;
  }

  return {
    mustFind,
    mustAll,

    async register(s: AgentScope, b: AgentRegisterNetbarBody) {
      const agentId = ownAgent(s);
      const person = await mustPerson(agentId, b.person_id ?? s.staffUserId ?? undefined);
      if (await w.userNameTaken(db, b.user_name)) throw new BadInputError(MSG.passportExists);
      const hash = await hashPassword(b.password);
      const id = await w.uniqueName(() =>
        db.transaction(async (tx) => {
          const nid = await w.insertNetbar(
            tx,
            agentId,
            { ...b, person_id: person ?? undefined },
            hash,
            s.userId,
          );
          // A staff member who registers a netbar may keep working on it.
          if (s.staffUserId)
            await tx.execute(
              sql`insert into staff_area_netbars (user_id, netbar_id) values (${s.staffUserId}, ${nid}) on conflict do nothing`,
            );
          return nid;
        }),
      );
      return { netbar_id: id };
    },

    async edit(s: AgentScope, b: EditNetbarBody) {
      await mustFind(s, b.netbar_id);
      await w.updateNetbar(db, b);
      return mustFind(s, b.netbar_id);
    },

    async del(s: AgentScope, ids: number[]) {
      const list = await mustAll(s, ids);
      if ((await w.otherSubStores(db, list)) > 0) throw new ConflictError(AGENT_MSG.hasSubStores);
      await db.transaction((tx) => w.deleteNetbars(tx, list));
      return { deleted: list.length };
    },

    async setPerson(s: AgentScope, ids: number[], personId: number) {
      const list = await mustAll(s, ids);
      const agentRows = await rows<{ agent_id: number }>(
        db,
        sql`select distinct agent_id from netbars where id in (${sql.join(
          list.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      );
      if (agentRows.length !== 1) throw new BadInputError('请选择同一代理商的网吧');
      const person = await mustPerson(Number(agentRows[0]!.agent_id), personId || undefined);
      await db.transaction((tx) => w.setPerson(tx, list, person));
      return { updated: list.length };
    },

    /** Binding needs the 6-digit code the netbar's owner created (netbar_bind_code), valid for a day, once. */
    async bind(s: AgentScope, userName: string, code: string) {
      const agentId = ownAgent(s);
      const nb = await w.netbarByAccount(db, userName);
      const expected = nb ? (await kv.get<{ hash: string }>(bindKey(nb.netbar_id)))?.hash : undefined;
      if (!nb || !expected) throw new BadInputError(AGENT_MSG.bindCodeWrong);
      if (expected !== codeHash(nb.netbar_id, code)) {
        // Every wrong guess counts; the fifth one throws the code away so it cannot be brute-forced.
        const tries = await kv.incr(triesKey(nb.netbar_id), BIND_TTL);
        if (tries >= BIND_MAX_GUESSES) {
          await kv.del(bindKey(nb.netbar_id));
          await kv.del(triesKey(nb.netbar_id));
          throw new BadInputError(AGENT_MSG.bindCodeTooManyTries);
        }
        throw new BadInputError(AGENT_MSG.bindCodeWrong);
      }
      if (nb.agent_id) throw new ConflictError(AGENT_MSG.alreadyBound);
      // Single use: of two callers with the right code only the one that takes it goes on.
      const taken = await kv.take<{ hash: string }>(bindKey(nb.netbar_id));
      if (taken?.hash !== expected) throw new BadInputError(AGENT_MSG.bindCodeWrong);
      await kv.del(triesKey(nb.netbar_id));
      await db.transaction(async (tx) => {
        // Conditional: a netbar another agent bound in the meantime is not taken over.
        if (!(await w.claimNetbar(tx, nb.netbar_id, agentId)))
          throw new ConflictError(AGENT_MSG.alreadyBound);
        await w.setAgent(tx, nb.netbar_id, agentId);
        await tx.execute(
          sql`update netbar_agent_info set registered_by = coalesce(registered_by, ${s.userId}) where netbar_id = ${nb.netbar_id}`,
        );
        if (s.staffUserId)
          await tx.execute(
            sql`insert into staff_area_netbars (user_id, netbar_id) values (${s.staffUserId}, ${nb.netbar_id}) on conflict do nothing`,
          );
      });
      return { netbar_id: nb.netbar_id };
    },

    async issueBindCode(netbarId: number) {
      const code = String(randomInt(100000, 1_000_000));
      await kv.set(bindKey(netbarId), { hash: codeHash(netbarId, code) }, BIND_TTL);
      await kv.del(triesKey(netbarId));
      return { code, expires_in: BIND_TTL };
    },

    async unbind(s: AgentScope, netbarId: number) {
      await mustFind(s, netbarId);
      await db.transaction((tx) => w.setAgent(tx, netbarId, null));
      return { netbar_id: netbarId };
    },

    async chainChange(s: AgentScope, b: ChainChangeBody) {
      const head = await mustFind(s, b.head_id);
      // Members: the listed netbars plus every current member of the head's chain.
      const current = head.chain_id
        ? (
            await rows<{ id: number }>(
              db,
              sql`select n.id from netbars n where ${netbarWhere(s)} and n.chain_id = ${head.chain_id}`,
            )
          ).map((r) => Number(r.id))
        : [];
      const list = await mustAll(s, [b.head_id, ...b.netbar_ids, ...current]);
      await db.transaction((tx) => w.linkChain(tx, b.head_id, list, b.chain_name, b.chain_type));
      return { head_id: b.head_id, netbar_ids: list };
    },

    async chainList(s: AgentScope) {
      const r = await rows<{
        chain_id: number;
        chain_name: string;
        chain_type: number;
        head_name: string;
        members: { id: number; name: string }[];
      }>(
        db,
        sql`select n.chain_id, max(n.chain_name) as chain_name, max(n.chain_type) as chain_type,
          coalesce((select h.name from netbars h where h.id = n.chain_id), '') as head_name,
          json_agg(json_build_object('id', n.id, 'name', n.name) order by n.id) as members
          from netbars n where ${netbarWhere(s)} and n.chain_id <> 0 group by n.chain_id order by n.chain_id`,
      );
      return r.map((x) => ({ ...x, chain_id: Number(x.chain_id), chain_type: Number(x.chain_type) }));
    },

    async setDelay(s: AgentScope, ids: number[], days: number) {
      const list = await mustAll(s, ids);
      const max = await delayMax(app);
      if (days > max) throw new BadInputError(AGENT_MSG.delayDays(max));
      await db.transaction((tx) => w.setDelay(tx, list, days));
      return { updated: list.length, delay_max_days: max };
    },
  };
}

export const SETTINGS_KEY = 'agent:settings';
export interface AgentSettings {
  delay_max_days: number;
  profit_rate_bp: number;
}
export const DEFAULT_SETTINGS: AgentSettings = { delay_max_days: 15, profit_rate_bp: 30 };

export async function readSettings(app: FastifyInstance): Promise<AgentSettings> {
  const r = await rows<{ value: AgentSettings }>(
    app.deps.db,
    sql`select value from kv where key = ${SETTINGS_KEY}`,
  );
  return { ...DEFAULT_SETTINGS, ...(r[0]?.value ?? {}) };
}

export async function delayMax(app: FastifyInstance) {
  return (await readSettings(app)).delay_max_days;
}
