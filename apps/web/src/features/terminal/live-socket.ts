import { MessageKind, WS_CLOSE, WS_PING_SECONDS, type WsOutbound } from '@netbar/contract';
import { PASSPORT_BASE } from '../../lib/http';

/** Reconnect delays: 1 s doubling to 30 s, with up to 30 % jitter so a restarted server is not stormed. */
export function backoffMs(attempt: number, random = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
  return Math.round(base * (1 + 0.3 * random()));
}

/** ws:// or wss:// URL of the console channel on this origin. */
export function channelUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${PASSPORT_BASE}ws`;
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
 * drop (except a closed session), stop() for good on logout or store switch.
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

  const connect = () => {
    if (stopped) return;
    const sock = make(channelUrl());
    ws = sock;
    sock.onopen = () => {
      attempt = 0;
      ping = setInterval(() => sock.send(JSON.stringify({ type: MessageKind.PING })), WS_PING_SECONDS * 1000);
      h.onOpen();
    };
    sock.onmessage = (ev) => {
      try {
        h.onMessage(JSON.parse(String(ev.data)) as WsOutbound);
      } catch {
        /* not one of ours */
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
