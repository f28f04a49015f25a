/** The embedded database is busy: too many requests are already waiting for it. */
export class DatabaseBusyError extends Error {
  readonly code = 'NB_DB_BUSY';
  constructor(readonly retryAfterSeconds = 1) {
    super('数据库繁忙');
  }
}

interface Waiter {
  admit: (release: () => void) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * A bounded admission queue in front of PGlite's single connection (docs/decisions/052-pglite-overload.md,
 * 058-shed-by-loop-lag.md): at most `running` requests use the database at once, and a request is
 * refused at once when more than `queueMax` already wait or when the expected wait (those ahead × the
 * recent time a request holds its slot) exceeds `timeoutMs`; none waits longer than `timeoutMs`.
 * Refused callers get DatabaseBusyError (answered 503 with Retry-After) before reading or writing anything.
 *
 * Admission happens one request per turn of the event loop (setImmediate): PGlite works synchronously in
 * this thread, so admitting a request runs its queries to the end before anything else is read. Letting
 * one in per turn keeps each turn short: between two admissions the server reads (and, when full,
 * refuses) the requests that arrived and accepts a new connection (libuv accepts one per turn).
 */
export class Gate {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  private scheduled = false;
  /** Recent milliseconds of work per admitted request, and of queue drain per request (moving averages). */
  private workMs = 0;
  private drainMs = 0;
  private lastBatch = 0;
  constructor(
    readonly running: number,
    readonly queueMax: number,
    readonly timeoutMs: number,
  ) {}

  /** Work let in per turn of the event loop, in milliseconds (at least one request). */
  turnBudgetMs: () => number = () => 50;

  /** Requests holding a slot now. */
  get busy() {
    return this.active;
  }

  get queued() {
    return this.waiting.length;
  }

  /** How long a request joining now would wait: those ahead of it, at the rate the queue drains. */
  get expectedWaitMs() {
    return this.waiting.length * this.drainMs;
  }

  /** Waits for a slot; the returned function gives it back (calling it twice is harmless). */
  async enter(): Promise<() => void> {
    const beyondFree = this.waiting.length - (this.running - this.active);
    if (beyondFree >= this.queueMax || this.expectedWaitMs > this.timeoutMs) throw new DatabaseBusyError();
    return new Promise<() => void>((admit, reject) => {
      const w: Waiter = {
        admit,
        reject,
        timer: setTimeout(() => {
          const i = this.waiting.indexOf(w);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(new DatabaseBusyError());
        }, this.timeoutMs),
      };
      this.waiting.push(w);
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || !this.waiting.length || this.active >= this.running) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.admitBatch();
    });
  }

  /** Lets in as many as fit in this turn's budget (at least one); the rest wait for the next turn. */
  private admitBatch() {
    const fit = this.workMs ? Math.floor(this.turnBudgetMs() / this.workMs) : 1;
    const size = Math.max(1, Math.min(fit, this.running - this.active, this.waiting.length));
    const now = performance.now();
    const batch = { start: now, size, left: size };
    if (this.lastBatch)
      this.drainMs = ema(this.drainMs, Math.min((now - this.lastBatch) / size, this.timeoutMs));
    for (let i = 0; i < size; i++) {
      const w = this.waiting.shift();
      if (!w) break;
      clearTimeout(w.timer);
      this.active++;
      w.admit(this.releaser(batch));
    }
    this.lastBatch = this.waiting.length ? now : 0; // the drain rate is measured only while there is a queue
    this.schedule(); // the next ones in the next turn
  }

  private releaser(batch: { start: number; size: number; left: number }) {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.active--;
      if (--batch.left === 0)
        this.workMs = ema(
          this.workMs,
          Math.min((performance.now() - batch.start) / batch.size, this.timeoutMs),
        );
      this.schedule();
    };
  }
}

const ema = (avg: number, sample: number) => (avg ? avg * 0.8 + sample * 0.2 : sample);

/**
 * How far behind the server's thread is right now (docs/decisions/058-shed-by-loop-lag.md). PGlite runs
 * in this thread, so while it works nothing else is read: requests wait unseen in the sockets, and the
 * queue above never fills. A timer due every `intervalMs` that has not fired yet tells, at the moment a
 * request is finally read, how long the thread has been busy, i.e. how long that request may have
 * waited already. Sampled at each read (not averaged per interval), so it is never stale.
 */
export class LoopLag {
  private due: number;
  private readonly timer: NodeJS.Timeout;
  constructor(readonly intervalMs = 20) {
    this.due = performance.now() + intervalMs;
    this.timer = setInterval(() => {
      this.due = performance.now() + intervalMs;
    }, intervalMs).unref();
  }

  /** Milliseconds the thread is behind its timers (0 when on time). */
  get ms() {
    return Math.max(0, performance.now() - this.due);
  }

  stop() {
    clearInterval(this.timer);
  }
}
