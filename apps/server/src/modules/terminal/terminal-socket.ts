import {
  MessageKind,
  TERMINAL_MSG,
  WS_CLOSE,
  WS_PING_SECONDS,
  type WsOutbound,
  wsInbound,
} from '@netbar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { BizError } from '../../lib/errors.ts';
import { resolveAuth } from '../../plugins/auth.ts';
import { actorOf, authOf, storeIsLive, storeScopeOf } from '../../tenant/index.ts';
import type { TerminalService } from './terminal.service.ts';
import type { ConsoleConn, TerminalHub } from './terminal-hub.ts';

/** Frames one socket may send per 10 s before it is closed (WS_CLOSE.tooFast). */
const FRAMES_PER_10S = 40;
/** How often the session and store behind a socket are re-checked (on its PINGs). */
const RECHECK_MS = 30_000;
/** A socket silent this long is closed (three missed PINGs). */
export const IDLE_MS = WS_PING_SECONDS * 3 * 1000;

export interface LiveConn extends ConsoleConn {
  lastSeen: number;
  close(code: number, reason: string): void;
}

/**
 * One console socket of a store user (docs/decisions/111): registered with the hub for its store,
 * answering PING, taking acknowledgements (BUY_DONE, CALL_DOWN) and broadcasts (ALL). The session and
 * the store are re-checked every RECHECK_MS: a logged-out user or a store that is no longer theirs
 * is disconnected.
 */
export function openConsoleSocket(
  app: FastifyInstance,
  socket: WebSocket,
  req: FastifyRequest,
  ctx: { svc: TerminalService; hub: TerminalHub; live: Set<LiveConn> },
) {
  const scope = storeScopeOf(req);
  const actor = actorOf(req);
  const { sessionIdHash } = authOf(req);
  const write = (text: string) => {
    if (socket.readyState === socket.OPEN) socket.send(text);
  };
  const send = (m: WsOutbound) => write(JSON.stringify(m));
  // events that arrive while the missed ones are read wait here; an id already sent is never sent again
  let queue: { text: string; id: number }[] | undefined = [];
  let lastSent = 0;
  const deliver = (text: string, id: number) => {
    if (id <= lastSent) return;
    lastSent = id;
    write(text);
  };
  const conn: LiveConn = {
    netbarId: scope.netbarId,
    userId: actor.id,
    lastSeen: Date.now(),
    send: (text, id) => {
      if (id === undefined) write(text);
      else if (queue) queue.push({ text, id });
      else deliver(text, id);
    },
    close: (code, reason) => socket.close(code, reason),
  };
  let checkedAt = Date.now();
  let window = { start: Date.now(), frames: 0 };

  async function stillAllowed(): Promise<boolean> {
    checkedAt = Date.now();
    const sess = await app.deps.sessions.byId(sessionIdHash);
    const auth = sess && (await resolveAuth(app, sess));
    if (!auth) {
      conn.close(WS_CLOSE.sessionGone, 'session');
      return false;
    }
    if (auth.nid !== scope.netbarId || !(await storeIsLive(app.deps.db, auth))) {
      conn.close(WS_CLOSE.storeGone, 'store');
      return false;
    }
    return true;
  }

  async function onFrame(raw: string) {
    const parsed = wsInbound.safeParse(safeJson(raw));
    if (!parsed.success) {
      send({ type: MessageKind.UNKNOWN, msg: parsed.error.issues[0]?.message ?? TERMINAL_MSG.badFrame });
      return;
    }
    const f = parsed.data;
    if (f.type === MessageKind.PING) {
      if (Date.now() - checkedAt > RECHECK_MS && !(await stillAllowed())) return;
      send({ type: MessageKind.PING, t: Date.now() });
    } else if ((f.type === MessageKind.BUY_DONE || f.type === MessageKind.CALL_DOWN) && f.id) {
      await ctx.svc.ack(scope, f.id, actor);
    } else if (f.type === MessageKind.ALL && f.text) {
      await ctx.svc.broadcast(scope, f.text, actor);
    } else {
      send({ type: MessageKind.UNKNOWN, msg: TERMINAL_MSG.unknown });
    }
  }

  socket.on('message', (data, isBinary) => {
    conn.lastSeen = Date.now();
    if (conn.lastSeen - window.start > 10_000) window = { start: conn.lastSeen, frames: 0 };
    if (++window.frames > FRAMES_PER_10S) {
      conn.close(WS_CLOSE.tooFast, 'rate');
      return;
    }
    const text = isBinary ? '' : data.toString();
    onFrame(text).catch((e: unknown) => {
      if (e instanceof BizError) send({ type: MessageKind.UNKNOWN, msg: e.message });
      else {
        req.log.error({ err: e }, 'terminal socket frame failed');
        send({ type: MessageKind.UNKNOWN, msg: '服务器繁忙，请稍后再试' });
      }
    });
  });
  socket.on('close', () => {
    ctx.hub.remove(conn);
    ctx.live.delete(conn);
  });
  ctx.hub.add(conn);
  ctx.live.add(conn);
  void resume((req.query as { after?: number }).after);

  /**
   * The hello, then what the console missed since `after` (its last `seq`), then live (decision 198).
   * A fresh console (no `after`) gets the head id in its hello, to resume from should it drop.
   */
  async function resume(after: number | undefined) {
    try {
      const r = await ctx.hub.replay(scope.netbarId, after);
      send({ type: MessageKind.PING, t: Date.now(), ...(after === undefined ? { seq: r.head } : {}) });
      lastSent = after ?? r.head;
      for (const f of r.frames) deliver(f.text, f.id);
    } catch (e) {
      req.log.error({ err: e }, 'terminal socket replay failed');
      send({ type: MessageKind.PING, t: Date.now() });
    }
    const waiting = queue ?? [];
    queue = undefined;
    for (const f of waiting) deliver(f.text, f.id);
  }
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}
