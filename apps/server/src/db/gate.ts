/** The embedded database is busy: too many requests are already waiting for it. */
export class DatabaseBusyError extends Error {
  readonly code = 'NB_DB_BUSY';
  constructor(readonly retryAfterSeconds = 1) {
    super('数据库繁忙');
  }
}

interface Waiter {
  resolve: () => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * A bounded admission queue in front of PGlite's single connection (docs/decisions/052-pglite-overload.md):
 * at most `running` requests use the database at once, at most `queueMax` wait, and none waits longer
 * than `timeoutMs`. A request that finds the queue full, or waits too long, gets DatabaseBusyError
 * (answered 503 with Retry-After) before it has read or written anything.
 */
export class Gate {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  constructor(
    readonly running: number,
    readonly queueMax: number,
    readonly timeoutMs: number,
  ) {}

  get queued() {
    return this.waiting.length;
  }

  /** Waits for a slot; the returned function gives it back (calling it twice is harmless). */
  async enter(): Promise<() => void> {
    if (this.active < this.running && this.waiting.length === 0) {
      this.active++;
      return this.releaser();
    }
    if (this.waiting.length >= this.queueMax) throw new DatabaseBusyError();
    await new Promise<void>((resolve, reject) => {
      const w: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          const i = this.waiting.indexOf(w);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(new DatabaseBusyError());
        }, this.timeoutMs),
      };
      this.waiting.push(w);
    });
    return this.releaser();
  }

  private releaser() {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.waiting.shift();
      if (next) {
        clearTimeout(next.timer);
        next.resolve(); // the slot passes straight to the next waiter
      } else this.active--;
    };
  }
}
