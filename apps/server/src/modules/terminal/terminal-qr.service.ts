import { createHash, randomBytes } from 'node:crypto';
import {
  MEMBER_LOGON_LIMITS as L,
  MEMBER_LOGON_MSG as M,
  type QrTicket,
  type QrTicketStatus,
  type ScanLogonInfo,
  TERMINAL_MSG,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, BizError, NotFoundError, TooManyError } from '../../lib/errors.ts';
import type { KvStore } from '../../lib/kv.ts';
import { systemStoreScope, type TenantScope } from '../../tenant/index.ts';
import { checkAccountLogon } from '../member/index.ts';
import { type SessionEvents, startSession } from '../session/index.ts';
import { machineInStore } from '../venue/index.ts';
import { storeName } from './terminal-qr.repo.ts';

/**
 * QR logon (docs/decisions/113): a PC asks for a one-time ticket for its machine (32 random bytes, 2
 * minutes); the member opens the ticket's public page on a phone and confirms with card number (or
 * mobile) and password; the PC polls the ticket and finds the started session. The kv store (PostgreSQL
 * or Redis) keeps each ticket under the SHA-256 of its token, never the token itself, with a separate
 * "open" key that one confirmation takes (kv.take: single use even between two processes).
 */

interface Ticket {
  nid: number;
  machineId: number;
  machine: string;
  store: string;
  /** When it stops being usable (ms). */
  exp: number;
  status: QrTicketStatus;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const keys = (token: string) => {
  const h = digest(token);
  return { ticket: `qrlogon:${h}`, open: `qrlogon:open:${h}`, fails: `qrlogon:fail:${h}` };
};
const CLIENT = { id: 0, name: '客户端' };

export interface QrLogonDeps {
  db: Db;
  kv: KvStore;
  config: { NODE_ENV?: string; MEMBER_FIELD_KEY?: string };
  events: () => SessionEvents | null;
  now?: () => number;
}

export function createQrLogon(d: QrLogonDeps) {
  const now = () => (d.now ?? Date.now)();
  const left = (t: Ticket) => Math.max(0, Math.ceil((t.exp - now()) / 1000));
  const live = async (token: string) => {
    const t = await d.kv.get<Ticket>(keys(token).ticket);
    return t && t.exp > now() ? t : undefined;
  };
  /** A ticket's outcome stays readable for the PC's polls a further 2 minutes. */
  const settle = (token: string, t: Ticket, status: QrTicketStatus) =>
    d.kv.set(keys(token).ticket, { ...t, exp: now() + L.ticketSeconds * 1000, status }, L.ticketSeconds);

  return {
    /** The PC's ticket for one of its store's machines; `baseUrl` is where phones reach the console. */
    async issue(s: TenantScope, machineId: number, baseUrl: string): Promise<QrTicket> {
      const m = await machineInStore(d.db, s, machineId);
      if (!m) throw new NotFoundError(TERMINAL_MSG.machineNotFound);
      const token = randomBytes(32).toString('base64url');
      const k = keys(token);
      const t: Ticket = {
        nid: s.netbarId!,
        machineId,
        machine: m.name,
        store: await storeName(d.db, s.netbarId!),
        exp: now() + L.ticketSeconds * 1000,
        status: { state: 'waiting', expires_in: L.ticketSeconds },
      };
      await d.kv.set(k.ticket, t, L.ticketSeconds);
      await d.kv.set(k.open, 1, L.ticketSeconds);
      return {
        ticket: token,
        url: `${baseUrl.replace(/\/+$/, '')}/scan_logon?t=${token}`,
        expires_in: L.ticketSeconds,
      };
    },

    /** The PC polls its ticket; another store's ticket answers like a missing one. */
    async status(s: TenantScope, token: string): Promise<QrTicketStatus> {
      const t = await live(token);
      if (!t || t.nid !== s.netbarId) throw new NotFoundError(M.ticketGone);
      return t.status.state === 'waiting' ? { state: 'waiting', expires_in: left(t) } : t.status;
    },

    /** The public page before confirmation: the store and the machine, nothing about a member. */
    async info(token: string): Promise<ScanLogonInfo> {
      const t = await live(token);
      if (!t) throw new NotFoundError(M.ticketGone);
      if (t.status.state !== 'waiting') throw new BadInputError(M.ticketUsed);
      return { store_name: t.store, machine_name: t.machine, expires_in: left(t) };
    },

    /** The member confirms on the phone: password checked, ticket taken once, session started. */
    async confirm(token: string, account: string, password: string) {
      const k = keys(token);
      const t = await live(token);
      if (!t) throw new NotFoundError(M.ticketGone);
      if (t.status.state !== 'waiting') throw new BadInputError(M.ticketUsed);
      const s = systemStoreScope(t.nid);
      let member: Awaited<ReturnType<typeof checkAccountLogon>>;
      try {
        member = await checkAccountLogon(d, s, account, password);
      } catch (e) {
        if ((await d.kv.incr(k.fails, L.ticketSeconds)) >= L.ticketFailMax && (await d.kv.take(k.open))) {
          await settle(token, t, { state: 'failed', reason: M.ticketTooMany });
          throw new TooManyError(M.ticketTooMany);
        }
        throw e;
      }
      if (!(await d.kv.take(k.open))) throw new BadInputError(M.ticketUsed);
      try {
        const started = await startSession({ db: d.db, events: d.events() }, s, CLIENT, {
          memberId: member.id,
          machineId: t.machineId,
          source: 'terminal',
        });
        await settle(token, t, {
          state: 'done',
          session_id: started.id,
          member_name: member.name,
          level_name: member.level_name,
          machine_id: t.machineId,
        });
        return { ...started, machine_name: t.machine, member_name: member.name };
      } catch (e) {
        await settle(token, t, {
          state: 'failed',
          reason: e instanceof BizError ? e.message : '上机失败，请联系网管',
        });
        throw e;
      }
    },
  };
}
export type QrLogon = ReturnType<typeof createQrLogon>;
