// The terminal API as the store's server calls it (docs/decisions/110): both headers on every call,
// each call's latency recorded by kind. Answers are the project's envelope {status, msg, data}.

export interface Answer<T = unknown> {
  /** HTTP status; 0 when the request never got an answer. */
  http: number;
  status: number;
  msg: string;
  data: T;
  ms: number;
}

export class TerminalClient {
  /** Latency (ms) of every answered call except the long-poll, by call name. */
  readonly latency = new Map<string, number[]>();
  /** Calls that failed without an answer, or answered 5xx. */
  broken = 0;
  constructor(
    private readonly base: string,
    private readonly store: number,
    private readonly key: string,
  ) {}

  private headers(json: boolean): Record<string, string> {
    return {
      'x-netbar-id': String(this.store),
      'x-server-key': this.key,
      'x-requested-with': 'XMLHttpRequest',
      ...(json ? { 'content-type': 'application/json' } : {}),
    };
  }

  async call<T = unknown>(
    name: string,
    opts: {
      query?: Record<string, string | number>;
      body?: unknown;
      signal?: AbortSignal;
      timed?: boolean;
    } = {},
  ): Promise<Answer<T>> {
    const qs = opts.query
      ? `?${new URLSearchParams(Object.entries(opts.query).map(([k, v]) => [k, String(v)]))}`
      : '';
    const t0 = performance.now();
    try {
      const r = await fetch(`${this.base}/api/v1/${name}${qs}`, {
        method: opts.body === undefined ? 'GET' : 'POST',
        headers: this.headers(opts.body !== undefined),
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: opts.signal,
      });
      const text = await r.text();
      const ms = performance.now() - t0;
      if (opts.timed !== false) {
        const xs = this.latency.get(name) ?? [];
        xs.push(ms);
        this.latency.set(name, xs);
      }
      if (r.status >= 500) this.broken++;
      let env: { status?: number; msg?: string; data?: T } = {};
      try {
        env = JSON.parse(text);
      } catch {
        env = { msg: text.slice(0, 80) };
      }
      return { http: r.status, status: env.status ?? r.status, msg: env.msg ?? '', data: env.data as T, ms };
    } catch (e) {
      if (opts.signal?.aborted) throw e;
      this.broken++;
      return {
        http: 0,
        status: 0,
        msg: `连接失败：${(e as Error).cause ?? (e as Error).message}`,
        data: undefined as T,
        ms: performance.now() - t0,
      };
    }
  }

  /** p50/p99 over every timed call so far (ms). */
  percentiles(): { n: number; p50: number; p99: number } {
    const all = [...this.latency.values()].flat().sort((a, b) => a - b);
    const at = (p: number) => all[Math.min(all.length - 1, Math.floor(p * all.length))] ?? 0;
    return { n: all.length, p50: at(0.5), p99: at(0.99) };
  }
}

/** "1-60,75,80-82" → [1..60, 75, 80, 81, 82]; undefined for text that is not such a list. */
export function parseIdList(text: string): number[] | undefined {
  const out: number[] = [];
  for (const part of text.split(',').map((s) => s.trim())) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) return undefined;
    const a = Number(m[1]);
    const b = Number(m[2] ?? m[1]);
    if (b < a || b - a > 100_000) return undefined;
    for (let i = a; i <= b; i++) out.push(i);
  }
  return [...new Set(out)];
}
