import type { WsOutbound } from '@netbar/contract';

/**
 * The live channel's frames, fanned out to whoever listens (the voice announcer, decision 189). The one
 * socket stays in the terminal feature (`use-terminal-channel.ts` emits every frame it receives); other
 * features listen here instead of opening sockets of their own or importing the terminal feature.
 */
type Listener = (m: WsOutbound) => void;
const listeners = new Set<Listener>();

export function onLiveMessage(fn: Listener): () => void {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

export function emitLiveMessage(m: WsOutbound): void {
  for (const fn of listeners) {
    try {
      fn(m);
    } catch {
      /* a listener's failure never stops the channel */
    }
  }
}
