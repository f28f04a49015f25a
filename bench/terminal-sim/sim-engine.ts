// One simulated store: its server and PCs driven through the terminal API (decisions 110-112). Used by
// `npm run terminal-sim` (one store, printing) and bench/terminal-load.ts (many stores at once, quiet).
import { randomBytes } from 'node:crypto';
import type { Answer, TerminalClient } from './terminal-client.ts';

const GOODS = [
  { name: '可乐', price_fen: 300 },
  { name: '红牛', price_fen: 600 },
  { name: '矿泉水', price_fen: 200 },
  { name: '泡面', price_fen: 800 },
  { name: '薯片', price_fen: 500 },
];
const CALLS = ['呼叫网管', '键盘失灵', '耳机没声音', '要一杯热水', '电脑卡顿'];
const ACK_KIND: Record<number, string> = {
  3: '订单已送达 BUY_DONE',
  5: '呼叫已处理 CALL_DOWN',
  6: '广播 ALL',
};

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const clock = () => new Date().toTimeString().slice(0, 8);
const rid = () => `sim-${process.pid}-${randomBytes(6).toString('hex')}`;

export interface SimPace {
  /** Events per second (logon, logoff, BUY, CALL, balance query, drawn at random). */
  pace: number;
  /** Seconds between state reports of every machine. */
  heartbeat: number;
  /** Seconds a simulated session lasts at least before a logoff may pick it. */
  minSession: number;
  /** Seconds between status lines; 0: none. */
  statusEvery: number;
  /** Events in flight at most (a slow server slows the simulation instead of piling calls up). */
  maxInFlight?: number;
  /** Machines logged on before the events start (a store that already has customers). */
  prefill?: number;
}

export interface SimHooks {
  /** The member password a card logs on with (decision 104); none = card alone. */
  passwordOf?: (card: string) => string | undefined;
  /** Where the status lines, acknowledgements and the logoff notice go (default console.log). */
  log?: (line: string) => void;
  /** A BUY or CALL was answered: its start (performance.now()) and the answer (data.id is the message). */
  sent?: (kind: 'buy' | 'call', t0: number, r: Answer<{ id: number }>) => void;
}

export type SimStats = ReturnType<typeof createSim>['stats'];

/** Starts simulating at once; `finish` stops the events, logs every simulated session off and resolves. */
export function createSim(
  api: TerminalClient,
  machines: number[],
  cards: string[],
  o: SimPace,
  hooks: SimHooks = {},
) {
  const log = hooks.log ?? ((line: string) => console.log(line));
  const s = {
    logonOk: 0,
    logonRefused: 0,
    logoff: 0,
    /** Logoffs the server answered otherwise (the session had ended by itself: balance spent). */
    logoffGone: 0,
    buy: 0,
    call: 0,
    acks: 0,
    balance: 0,
    reports: 0,
    refusals: new Map<string, number>(),
    logoffRefusals: new Map<string, number>(),
  };
  /** machine id → the card on it, since when (ms) */
  const online = new Map<number, { card: string; since: number }>();
  const cardOnline = new Set<string>();
  /** Machines another session holds (a logon was refused as in use): skipped for a while. */
  const busyUntil = new Map<number, number>();
  const started = Date.now();
  let inFlight = 0;
  let stopping = false;
  const stop = new AbortController();

  const refuse = (msg: string) => {
    s.logonRefused++;
    s.refusals.set(msg, (s.refusals.get(msg) ?? 0) + 1);
  };

  async function logon() {
    const now = Date.now();
    const free = machines.filter((m) => !online.has(m) && (busyUntil.get(m) ?? 0) < now);
    const idle = cards.filter((c) => !cardOnline.has(c));
    if (!free.length || !idle.length) return logoff();
    const machine = pick(free);
    const card = pick(idle);
    cardOnline.add(card);
    online.set(machine, { card, since: now });
    const password = hooks.passwordOf?.(card);
    const r = await api.call('terminal_logon', {
      body: { machine_id: machine, card_no: card, ...(password ? { password } : {}) },
    });
    if (r.status === 200) return void s.logonOk++;
    online.delete(machine);
    cardOnline.delete(card);
    refuse(r.msg || String(r.status));
    // a refusal about the machine (in use, reserved, out of order) rests it a minute; one about the
    // member (balance, card, online elsewhere) does not
    if (r.status > 0 && !/会员|余额|卡/.test(r.msg)) busyUntil.set(machine, Date.now() + 60_000);
  }

  /** Machines whose logoff is in flight: never picked twice (a late answer would drop the next session). */
  const leaving = new Set<number>();
  async function logoff(machine?: number) {
    const now = Date.now();
    const due = [...online]
      .filter(([m, v]) => !leaving.has(m) && now - v.since >= o.minSession * 1000)
      .map(([m]) => m);
    const m = machine ?? (due.length ? pick(due) : undefined);
    if (m === undefined) return;
    const v = online.get(m);
    leaving.add(m);
    const r = await api.call('terminal_logoff', { body: { machine_id: m } }).finally(() => leaving.delete(m));
    // ended by the server already (balance spent, staff): the machine is free again either way
    if (r.status === 200) s.logoff++;
    else {
      s.logoffGone++;
      s.logoffRefusals.set(r.msg, (s.logoffRefusals.get(r.msg) ?? 0) + 1);
    }
    if (online.get(m) === v) online.delete(m);
    if (v) cardOnline.delete(v.card);
  }

  async function message(kind: 'buy' | 'call') {
    const m = pick(online.size ? [...online.keys()] : machines);
    const body =
      kind === 'buy'
        ? {
            machine_id: m,
            request_id: rid(),
            items: Array.from({ length: 1 + Math.floor(Math.random() * 2) }, () => ({
              ...pick(GOODS),
              qty: 1 + Math.floor(Math.random() * 2),
            })),
          }
        : { machine_id: m, request_id: rid(), content: pick(CALLS) };
    const t0 = performance.now();
    const r = await api.call<{ id: number }>(kind === 'buy' ? 'terminal_buy' : 'terminal_call', { body });
    if (r.status !== 200) return;
    s[kind]++;
    hooks.sent?.(kind, t0, r);
  }

  async function balance() {
    const v = online.size ? pick([...online.values()]) : undefined;
    const r = await api.call('terminal_balance', { query: { card_no: v?.card ?? pick(cards) } });
    if (r.status === 200) s.balance++;
  }

  async function heartbeat() {
    // every PC reports itself online; a machine in a session stays 上机中 (decision 112)
    const r = await api.call('terminal_machine_state', {
      body: { machines: machines.map((id) => ({ id, state: '空闲' })) },
    });
    if (r.status === 200) s.reports++;
  }

  function event() {
    if (stopping || inFlight >= (o.maxInFlight ?? 16)) return;
    const x = Math.random();
    const job =
      x < 0.45
        ? logon()
        : x < 0.65
          ? logoff()
          : x < 0.78
            ? message('buy')
            : x < 0.88
              ? message('call')
              : balance();
    inFlight++;
    job.finally(() => inFlight--);
  }

  type Ack = {
    kind: number;
    machine: string;
    machine_id: number | null;
    id: number;
    acked_by_name: string;
    text: string;
  };
  async function listenAcks() {
    // start after what is already acknowledged: history is not news
    let after = 0;
    for (let i = 0; i < 100; i++) {
      const r = await api.call<{ list: unknown[]; next: number }>('terminal_acks', {
        query: { after },
        timed: false,
      });
      if (r.status !== 200 || !r.data.list.length) break;
      after = r.data.next;
    }
    while (!stopping) {
      try {
        const r = await api.call<{ list: Ack[]; next: number }>('terminal_acks', {
          query: { after, wait: 25 },
          signal: stop.signal,
          timed: false,
        });
        if (r.status !== 200) {
          await new Promise((res) => setTimeout(res, 2000));
          continue;
        }
        for (const a of r.data.list) {
          s.acks++;
          const who = a.acked_by_name ? `（${a.acked_by_name}）` : '';
          const what = a.kind === 6 ? `：${a.text}` : ` 消息#${a.id}`;
          // a notice to one machine (a session's end or warning) names it by id: it carries no name
          const to = a.machine || (a.machine_id ? `机器#${a.machine_id}` : '全部机器');
          log(`${clock()} 回执 ${ACK_KIND[a.kind] ?? a.kind} ${to}${what}${who}`);
        }
        after = r.data.next;
      } catch {
        return; // aborted on stop
      }
    }
  }

  const status = () => {
    const p = api.percentiles();
    const t = Math.round((Date.now() - started) / 1000);
    log(
      `[${t}s] 在线 ${online.size} 台 | 上机 成功 ${s.logonOk} 拒绝 ${s.logonRefused} | 下机 ${s.logoff} | ` +
        `订单 ${s.buy} 呼叫 ${s.call} | 回执 ${s.acks} | 延迟 p50 ${p.p50.toFixed(0)}ms p99 ${p.p99.toFixed(0)}ms | 异常 ${api.broken}`,
    );
  };

  const acks = listenAcks();
  const timers: NodeJS.Timeout[] = [];
  /** Logs on `prefill` machines first (4 at a time), as a store that already has customers, then runs. */
  const ready = (async () => {
    for (let i = 0; i < (o.prefill ?? 0); i += 4)
      await Promise.all(Array.from({ length: Math.min(4, (o.prefill ?? 0) - i) }, () => logon()));
    if (stopping) return;
    timers.push(setInterval(event, 1000 / o.pace));
    // the first report at a random moment of the interval: stores do not report in step
    const beat = () => void heartbeat();
    timers.push(
      setTimeout(
        () => {
          beat();
          if (!stopping) timers.push(setInterval(beat, o.heartbeat * 1000));
        },
        Math.random() * o.heartbeat * 1000,
      ),
    );
    if (o.statusEvery) timers.push(setInterval(status, o.statusEvery * 1000));
  })();

  let finishing: Promise<void> | undefined;
  /** Stops the events, waits for those in flight, logs every simulated session off (4 at a time). */
  const finish = (why: string) =>
    (finishing ??= (async () => {
      stopping = true;
      await ready;
      for (const t of timers) clearInterval(t);
      log(`\n${why}：正在为 ${online.size} 台在线机器下机…`);
      while (inFlight > 0) await new Promise((r) => setTimeout(r, 50));
      const left = [...online.keys()];
      for (let i = 0; i < left.length; i += 4) await Promise.all(left.slice(i, i + 4).map((m) => logoff(m)));
      stop.abort();
      await acks;
    })());

  return { stats: s, online, started, ready, finish };
}
