import { randomInt } from 'node:crypto';
import {
  AGENT_MSG,
  type AgentRegisterNetbarBody,
  type ChainChangeBody,
  type EditNetbarBody,
  MSG,
} from '@netbar/contract';
import type { Conn, Db } from '../../db/client.ts';
import { sha256 } from '../../lib/crypto.ts';
import { BadInputError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { KvStore } from '../../lib/kv.ts';
import { hashPassword } from '../../lib/password.ts';
import { ownAgent, type TenantScope } from '../../tenant/index.ts';
import { regionProblem } from '../area/index.ts';
import { findNetbarInScope, idsInScope, ownNetbarOf } from './netbar.repo.ts';
import * as c from './netbar-chain.repo.ts';
import * as w from './netbar-write.repo.ts';

const BIND_TTL = 24 * 3600;
/** Wrong guesses a netbar's bind code survives; the next one invalidates it (docs/decisions/034-bind-code-guessing.md). */
export const BIND_MAX_GUESSES = 5;
export const bindKey = (netbarId: number) => `agent:bind:${netbarId}`;
const triesKey = (netbarId: number) => `agent:bind:tries:${netbarId}`;
const codeHash = (netbarId: number, code: string) => sha256(`bind:${netbarId}:${code}`);

export interface NetbarDeps {
  db: Db;
  kv: KvStore;
}

/** The netbar service over its narrow dependencies (a Fastify app's `deps` also fits, for callers not yet switched). */
/** Province / city / district must be a real path of the region table (what get_area offers), as at registration. */
function assertRegion(b: { province: string; city: string; district: string }) {
  const wrong = regionProblem(b.province, b.city, b.district);
  if (wrong) throw new BadInputError(MSG[wrong]);
}

export function createNetbarService(from: NetbarDeps | { deps: NetbarDeps }) {
  const deps = 'deps' in from ? from.deps : from;
  const { db, kv } = deps;

  async function mustFind(s: TenantScope, id: number) {
    const n = await findNetbarInScope(db, s, id);
    if (!n) throw new NotFoundError(AGENT_MSG.netbarNotFound);
    return n;
  }

  async function mustAll(s: TenantScope, ids: number[]) {
    const unique = [...new Set(ids)];
    const found = await idsInScope(db, s, unique);
    if (found.length !== unique.length) throw new NotFoundError(AGENT_MSG.netbarNotFound);
    return unique;
  }

  /** A staff member of the scope's agent (0 clears). */
  async function mustPerson(agentId: number, personId: number | undefined) {
    if (!personId) return null;
    if (!(await c.isActiveStaff(db, agentId, personId))) throw new NotFoundError('员工不存在');
    return personId;
  }

  return {
    mustFind,
    mustAll,

    async register(s: TenantScope, b: AgentRegisterNetbarBody) {
      assertRegion(b);
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
          if (s.staffUserId) await c.grantNetbarToStaff(tx, s.staffUserId, nid);
          return nid;
        }),
      );
      return { netbar_id: id };
    },

    async edit(s: TenantScope, b: EditNetbarBody) {
      assertRegion(b);
      await mustFind(s, b.netbar_id);
      await w.updateNetbar(db, b);
      return mustFind(s, b.netbar_id);
    },

    async del(s: TenantScope, ids: number[]) {
      const list = await mustAll(s, ids);
      if ((await w.otherSubStores(db, list)) > 0) throw new ConflictError(AGENT_MSG.hasSubStores);
      await db.transaction((tx) => w.deleteNetbars(tx, list));
      return { deleted: list.length };
    },

    async setPerson(s: TenantScope, ids: number[], personId: number) {
      const list = await mustAll(s, ids);
      const agentIds = await c.agentsOfNetbars(db, list);
      if (agentIds.length !== 1) throw new BadInputError('请选择同一代理商的网吧');
      const person = await mustPerson(agentIds[0]!, personId || undefined);
      await db.transaction((tx) => w.setPerson(tx, list, person));
      return { updated: list.length };
    },

    /** Binding needs the 6-digit code the netbar's owner created (netbar_bind_code), valid for a day, once. */
    async bind(s: TenantScope, userName: string, code: string) {
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
        await c.markRegisteredBy(tx, nb.netbar_id, s.userId);
        if (s.staffUserId) await c.grantNetbarToStaff(tx, s.staffUserId, nb.netbar_id);
      });
      return { netbar_id: nb.netbar_id };
    },

    async issueBindCode(netbarId: number) {
      const code = String(randomInt(100000, 1_000_000));
      await kv.set(bindKey(netbarId), { hash: codeHash(netbarId, code) }, BIND_TTL);
      await kv.del(triesKey(netbarId));
      return { code, expires_in: BIND_TTL };
    },

    async unbind(s: TenantScope, netbarId: number) {
      await mustFind(s, netbarId);
      await db.transaction((tx) => w.setAgent(tx, netbarId, null));
      return { netbar_id: netbarId };
    },

    async chainChange(s: TenantScope, b: ChainChangeBody) {
      const head = await mustFind(s, b.head_id);
      // Members: the listed netbars plus every current member of the head's chain.
      const current = head.chain_id ? await c.chainMemberIds(db, s, head.chain_id) : [];
      const list = await mustAll(s, [b.head_id, ...b.netbar_ids, ...current]);
      await db.transaction((tx) => w.linkChain(tx, b.head_id, list, b.chain_name, b.chain_type));
      return { head_id: b.head_id, netbar_ids: list };
    },

    chainList: (s: TenantScope) => c.chainList(db, s),

    /** The netbar a netbar's main account may create a bind code for. */
    async issueOwnBindCode(userId: number) {
      const own = await ownNetbarOf(db, userId);
      if (!own) throw new ForbiddenError('只有网吧主账号可以生成绑定码');
      return this.issueBindCode(own);
    },

    async setDelay(s: TenantScope, ids: number[], days: number) {
      const list = await mustAll(s, ids);
      const max = await delayMax(db);
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

export async function readSettings(from: Conn | { deps: { db: Conn } }): Promise<AgentSettings> {
  const db = 'deps' in from ? from.deps.db : from;
  return { ...DEFAULT_SETTINGS, ...(await c.settingsRow<AgentSettings>(db, SETTINGS_KEY)) };
}

export async function delayMax(db: Conn) {
  return (await readSettings(db)).delay_max_days;
}
