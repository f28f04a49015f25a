import {
  type BuyPayload,
  ConsoleKind,
  MessageKind,
  TERMINAL_LIMITS,
  TERMINAL_MSG,
  type TerminalBuyBody,
  type TerminalCallBody,
  type TerminalMessageRow,
  type TerminalReportState,
  type TerminalStateBody,
} from '@netbar/contract';
import type { Conn, Db } from '../../db/client.ts';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import * as repo from './terminal.repo.ts';
import type { BusEvent } from './terminal-bus.ts';

/** The venue's machine in the scope's store (its name), or null: another store's id is a missing one. */
export type MachineLookup = (db: Db, s: TenantScope, id: number) => Promise<{ name: string } | null>;

/**
 * The venue's report of many machines in one statement (compare-and-set from `from`): each of the store's
 * reported machines with the state it now has and whether it moved; another store's ids are left out.
 */
export type StatesReporter = (
  tx: Conn,
  s: TenantScope,
  reports: readonly { id: number; state: TerminalReportState }[],
  from: readonly MachineStateName[],
) => Promise<{ id: number; state: string; changed: boolean }[]>;
type MachineStateName = '空闲' | '上机中' | '离线' | '预订' | '故障' | '停用';

/**
 * A terminal's report changes only a machine that is 空闲, 离线 or 预订 (the venue keeps a held
 * reservation 预订): 上机中 belongs to sessions, 故障 and 停用 set by staff stay until staff clear them.
 */
const REPORT_FROM: readonly MachineStateName[] = ['空闲', '离线', '预订'];

export interface TerminalDeps {
  db: Db;
  reportStates: StatesReporter;
  publish: (e: BusEvent) => Promise<void>;
  findMachine: MachineLookup;
  /** A failed publish never fails the call: the row is stored and a console sees it on (re)connect. */
  onPublishError: (e: unknown) => void;
  /**
   * The order module's seat order (decision 134): makes the BUY's order inside the message's transaction;
   * null when the BUY names goods the store does not sell by that name (it stays a message only).
   */
  seatOrder: (
    tx: Conn,
    s: TenantScope,
    b: TerminalBuyBody,
  ) => Promise<{ order_id: number; order_no: string; total_fen: number; paid: boolean } | null>;
}

type Actor = { id: number; name: string };

/** Seat orders, service calls, acknowledgements and broadcasts of the live channel. */
export function createTerminalService(deps: TerminalDeps) {
  const { db } = deps;
  const publish = (e: BusEvent) => deps.publish(e).catch(deps.onPublishError);

  async function machineName(s: TenantScope, id: number) {
    const m = await deps.findMachine(db, s, id);
    if (!m) throw new NotFoundError(TERMINAL_MSG.machineNotFound);
    return m.name;
  }

  async function fire(
    s: TenantScope,
    m: repo.NewMessage,
  ): Promise<{ row: TerminalMessageRow; fresh: boolean }> {
    const r = await repo.insertMessage(db, s, m);
    if (!r) throw new BadInputError('请求标识已被其他消息使用');
    if (r.row.kind !== m.kind) throw new BadInputError('请求标识已被其他消息使用');
    if (r.fresh) {
      const { kind, ...rest } = r.row;
      await publish({ netbarId: s.netbarId, msg: { type: kind, ...rest } });
    }
    return r;
  }

  /** BUY_DONE or CALL_DOWN to the store's consoles and the machine's feed, after the commit. */
  const announceAck = (s: TenantScope, row: TerminalMessageRow) =>
    publish({
      netbarId: s.netbarId,
      toTerminal: true,
      msg: {
        type: row.kind === MessageKind.BUY ? MessageKind.BUY_DONE : MessageKind.CALL_DOWN,
        id: row.id,
        acked_at: row.acked_at ?? '',
        acked_by_name: row.acked_by_name,
      },
    });

  return {
    /** The store's server reports its machines; answers the state each now has, and the unknown ids. */
    async reportStates(s: TenantScope, b: TerminalStateBody) {
      // one set-based statement for the whole report (decision 121), not one per machine
      const now = await db.transaction((tx) => deps.reportStates(tx, s, b.machines, REPORT_FROM));
      const known = new Set(now.map((m) => m.id));
      const states = now.map((m) => ({ id: m.id, state: m.state }));
      const unknown = b.machines
        .map((m) => m.id)
        .filter((id) => !known.has(id))
        .sort((x, y) => x - y);
      const changed = now.filter((m) => m.changed).map((m) => m.id);
      // after the commit, and only when a state moved: the store's consoles redraw their seat maps
      if (changed.length)
        await publish({ netbarId: s.netbarId, msg: { type: ConsoleKind.SEATS, ids: changed } });
      return { states, unknown };
    },

    /**
     * A seat order from a machine (BUY): stored once per request_id together with its order (decision
     * 134; same transaction, so a retry finds both and a refusal writes neither), pushed to the store's
     * consoles after the commit.
     */
    async buy(s: TenantScope, b: TerminalBuyBody) {
      const total = b.items.reduce((sum, i) => sum + i.qty * i.price_fen, 0);
      if (total > TERMINAL_LIMITS.orderMaxFen) throw new BadInputError(TERMINAL_MSG.buyTooMuch);
      const payload: BuyPayload = { items: b.items, total_fen: total, remark: b.remark ?? '' };
      const machine = await machineName(s, b.machine_id);
      const m: repo.NewMessage = {
        kind: MessageKind.BUY,
        machine,
        machineId: b.machine_id,
        payload,
        requestId: b.request_id,
      };
      const r = await db.transaction(async (tx) => {
        const r = await repo.insertMessage(tx, s, m);
        if (!r || r.row.kind !== m.kind) throw new BadInputError('请求标识已被其他消息使用');
        if (!r.fresh) return r;
        const o = await deps.seatOrder(tx, s, b);
        if (!o) return r;
        const withOrder: BuyPayload = {
          ...payload,
          total_fen: o.total_fen,
          order_id: o.order_id,
          order_no: o.order_no,
          paid: o.paid,
        };
        return { row: await repo.setPayload(tx, s, r.row.id, withOrder), fresh: true };
      });
      if (r.fresh) {
        const { kind, ...rest } = r.row;
        await publish({ netbarId: s.netbarId, msg: { type: kind, ...rest } });
      }
      return r;
    },

    /** A service call from a machine (CALL). */
    async call(s: TenantScope, b: TerminalCallBody) {
      const machine = await machineName(s, b.machine_id);
      return fire(s, {
        kind: MessageKind.CALL,
        machine,
        machineId: b.machine_id,
        payload: { content: b.content },
        requestId: b.request_id,
      });
    },

    pending: (s: TenantScope) => repo.pendingMessages(db, s, TERMINAL_LIMITS.pendingMax),

    /**
     * Staff acknowledge a BUY (→ BUY_DONE) or a CALL (→ CALL_DOWN). Idempotent: a second acknowledgement
     * answers the first one's row and publishes nothing.
     */
    async ack(s: TenantScope, id: number, by: Actor): Promise<{ row: TerminalMessageRow; fresh: boolean }> {
      const row = await db.transaction(async (tx) => {
        await repo.lockStoreFeed(tx, s);
        return repo.ackMessage(tx, s, id, by);
      });
      if (!row) {
        const existing = await repo.messageById(db, s, id);
        if (!existing) throw new NotFoundError(TERMINAL_MSG.messageNotFound);
        return { row: existing, fresh: false };
      }
      await announceAck(s, row);
      return { row, fresh: true };
    },

    /**
     * A seat order moved at the counter (accepted, preparing, delivered, done, cancelled): its BUY is
     * acknowledged once, whichever move came first, and BUY_DONE goes to the machine (decision 134).
     */
    async ackOrder(s: TenantScope, orderId: number, by: Actor) {
      const row = await db.transaction(async (tx) => {
        await repo.lockStoreFeed(tx, s);
        return repo.ackByOrder(tx, s, orderId, by);
      });
      if (row) await announceAck(s, row);
      return row;
    },

    /** ALL: a console's message to every console and every machine of the store. */
    async broadcast(s: TenantScope, text: string, by: Actor) {
      const r = await db.transaction(async (tx) => {
        await repo.lockStoreFeed(tx, s);
        return repo.insertBroadcast(tx, s, text, by);
      });
      await publish({
        netbarId: s.netbarId,
        toTerminal: true,
        msg: { type: MessageKind.ALL, id: r.id, text, from: by.name, created_at: r.created_at },
      });
      return r;
    },

    /**
     * A message to one machine (ALL with a machine_id) in the terminal's feed only, no console
     * notification: the session domain's 10-minutes-left warning and a session's end.
     */
    async notifyMachine(s: TenantScope, machineId: number, text: string) {
      const by = { id: 0, name: '系统' };
      const r = await db.transaction(async (tx) => {
        await repo.lockStoreFeed(tx, s);
        return repo.insertBroadcast(tx, s, text, by, machineId);
      });
      await publish({
        netbarId: s.netbarId,
        toTerminal: true,
        terminalOnly: true,
        msg: { type: MessageKind.ALL, id: r.id, text, from: by.name, created_at: r.created_at },
      });
      return r;
    },

    acksAfter: (s: TenantScope, after: number) => repo.acksAfter(db, s, after, 100),
  };
}
export type TerminalService = ReturnType<typeof createTerminalService>;
