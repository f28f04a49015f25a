import type { BusEvent, TerminalBus } from './terminal-bus.ts';

/** A console socket as the hub sees it: `id` is the event's replay id (`seq` in the frame). */
export interface ConsoleConn {
  netbarId: number;
  userId: number;
  send(text: string, id?: number): void;
}

/** A console frame: the message with its replay id as `seq` (decision 198). */
export const frameOf = (e: BusEvent, id?: number) =>
  JSON.stringify(id === undefined ? e.msg : { ...e.msg, seq: id });

/**
 * This process's live listeners: console sockets by store, and terminal long-polls waiting for their
 * store's next acknowledgement or broadcast. Fed only by the bus.
 */
export interface TerminalHub {
  publish(e: BusEvent): Promise<void>;
  /** A reconnecting console's missed frames after `after` (or only the head id without it). */
  replay(netbarId: number, after?: number): Promise<{ head: number; frames: { id: number; text: string }[] }>;
  add(c: ConsoleConn): void;
  remove(c: ConsoleConn): void;
  /** Sockets of one store in this process. */
  count(netbarId: number): number;
  /** Resolves at the store's next terminal-bound event, or after `ms`, or when `signal` aborts. */
  waitForTerminal(netbarId: number, ms: number, signal?: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

export function createHub(bus: TerminalBus, onSendError: (e: unknown) => void): TerminalHub {
  const sockets = new Map<number, Set<ConsoleConn>>();
  const waiters = new Map<number, Set<() => void>>();
  const unsubscribe = bus.subscribe((e, id) => {
    const text = frameOf(e, id);
    for (const c of e.terminalOnly ? [] : (sockets.get(e.netbarId) ?? [])) {
      try {
        c.send(text, id);
      } catch (err) {
        onSendError(err);
      }
    }
    if (e.toTerminal) for (const wake of [...(waiters.get(e.netbarId) ?? [])]) wake();
  });
  return {
    publish: (e) => bus.publish(e),
    async replay(netbarId, after) {
      const r = await bus.since(netbarId, after);
      return { head: r.head, frames: r.entries.map(({ id, e }) => ({ id, text: frameOf(e, id) })) };
    },
    add(c) {
      const set = sockets.get(c.netbarId) ?? new Set<ConsoleConn>();
      sockets.set(c.netbarId, set);
      set.add(c);
    },
    remove(c) {
      const set = sockets.get(c.netbarId);
      set?.delete(c);
      if (set && !set.size) sockets.delete(c.netbarId);
    },
    count: (netbarId) => sockets.get(netbarId)?.size ?? 0,
    waitForTerminal(netbarId, ms, signal) {
      return new Promise<void>((resolve) => {
        const set = waiters.get(netbarId) ?? new Set<() => void>();
        waiters.set(netbarId, set);
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          set.delete(done);
          if (!set.size) waiters.delete(netbarId);
          resolve();
        };
        const timer = setTimeout(done, ms);
        signal?.addEventListener('abort', done);
        set.add(done);
      });
    },
    async close() {
      unsubscribe();
      for (const set of waiters.values()) for (const wake of [...set]) wake();
      await bus.close();
    },
  };
}
