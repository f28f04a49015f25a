import { MessageKind, WS_CLOSE, WS_PING_SECONDS, type WsFrame, type WsOutbound } from '@netbar/contract';
import { PASSPORT_BASE } from '../../lib/http';

/** Reconnect delays: 1 s doubling to 30 s, with up to 30 % jitter so a restarted server is not stormed. */
export function backoffMs(attempt: number, random = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
  return Math.round(base * (1 + 0.3 * random()));
}

/** ws:// or wss:// URL of the console channel on this origin; `after`: the last replay id seen (decision 198). */
export function channelUrl(
  loc: Pick<Location, 'protocol' | 'host'> = window.location,
  after?: number,
): string {
  const q = after === undefined ? '' : `?after=${after}`;
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${PASSPORT_BASE}ws${q}`;
}

export interface LiveSocketHandlers {
  onMessage: (m: WsOutbound) => void;
  /** Each successful (re)connection: read what was missed. */
  onOpen: () => void;
  /** The server ended the session (4401): stop, the next request sends the user to login. */
  onSessionGone: () => void;
}

/**
 * The console's WebSocket to /api/v1/ws: PING every WS_PING_SECONDS, reconnect with backoff after any
 * drop (except a closed session), stop() for good on logout or store switch. It remembers the last
 * replay id (`seq`) it saw — the first hello gives the store's head — and reconnects with `?after=` it,
 * so the server replays what was sent during the gap; an id already seen is dropped (decision 198).
 */
export function openLiveSocket(
  h: LiveSocketHandlers,
  make: (url: string) => WebSocket = (url) => new WebSocket(url),
): { stop: () => void } {
  let ws: WebSocket | undefined;
  let attempt = 0;
  let stopped = false;
  let ping: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let last: number | undefined;

  const connect = () => {
    if (stopped) return;
    const sock = make(channelUrl(window.location, last));
    ws = sock;
    sock.onopen = () => {
      attempt = 0;
      ping = setInterval(() => sock.send(JSON.stringify({ type: MessageKind.PING })), WS_PING_SECONDS * 1000);
      h.onOpen();
    };
    sock.onmessage = (ev) => {
      let m: WsFrame;
      try {
        m = JSON.parse(String(ev.data)) as WsFrame;
      } catch {
        return; // not one of ours
      }
      if (typeof m.seq === 'number') {
        // a fresh connection's hello: where this console starts; a resumed one's own last id stands
        if (m.type === MessageKind.PING) last ??= m.seq;
        else if (last !== undefined && m.seq <= last) return;
        else last = m.seq;
      }
      try {
        h.onMessage(m as WsOutbound);
      } catch {
        /* a handler's failure never stops the channel */
      }
    };
    sock.onclose = (ev) => {
      clearInterval(ping);
      if (stopped) return;
      if (ev.code === WS_CLOSE.sessionGone) {
        h.onSessionGone();
        return;
      }
      retry = setTimeout(connect, backoffMs(attempt++));
    };
  };
  connect();
  return {
    stop() {
      stopped = true;
      clearInterval(ping);
      clearTimeout(retry);
      ws?.close(1000, 'bye');
    },
  };
}
