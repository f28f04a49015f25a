// `npm run terminal-sim -- --store <nid> --machines 60` (issue 12 item 8): acts as a store's server and
// its PCs against a running instance, through the terminal API only (docs/decisions/110-112): state
// reports of every machine, member logons and logoffs, seat orders (BUY), service calls (CALL), and the
// acknowledgement long-poll, whose BUY_DONE / CALL_DOWN / ALL it prints as staff give them. A status
// line every few seconds, a summary at the end; Ctrl-C logs every simulated session off first.
import { randomBytes } from 'node:crypto';
import { readOptions, resolveCards, resolveMachines, USAGE, UsageError } from './terminal-sim/sim-setup.ts';
import { TerminalClient } from './terminal-sim/terminal-client.ts';

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

async function main() {
  const o = readOptions(process.argv.slice(2));
  const api = new TerminalClient(o.url, o.store, o.key);
  console.log(`终端模拟器：门店 ${o.store} → ${o.url}`);
  const machines = await resolveMachines(o, api);
  const cards = await resolveCards(o, api);
  api.latency.clear(); // the figures are of the simulation, not of the start-up checks
  console.log(
    `模拟 ${machines.length} 台机器、${cards.length} 名会员，节奏 ${o.pace} 次/秒${o.duration ? `，运行 ${o.duration} 秒` : '，Ctrl-C 结束'}`,
  );

  const s = {
    logonOk: 0,
    logonRefused: 0,
    logoff: 0,
    buy: 0,
    call: 0,
    acks: 0,
    balance: 0,
    refusals: new Map<string, number>(),
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
    const r = await api.call('terminal_logon', { body: { machine_id: machine, card_no: card } });
    if (r.status === 200) return void s.logonOk++;
    online.delete(machine);
    cardOnline.delete(card);
    refuse(r.msg || String(r.status));
    // a refusal about the machine (in use, reserved, out of order) rests it a minute; one about the
    // member (balance, card, online elsewhere) does not
    if (r.status > 0 && !/会员|余额|卡/.test(r.msg)) busyUntil.set(machine, Date.now() + 60_000);
  }

  async function logoff(machine?: number) {
    const now = Date.now();
    const due = [...online].filter(([, v]) => now - v.since >= o.minSession * 1000).map(([m]) => m);
    const m = machine ?? (due.length ? pick(due) : undefined);
    if (m === undefined) return;
    const v = online.get(m);
    const r = await api.call('terminal_logoff', { body: { machine_id: m } });
    // ended by the server already (balance spent, staff): the machine is free again either way
    if (r.status === 200) s.logoff++;
    online.delete(m);
    if (v) cardOnline.delete(v.card);
  }

  async function buy() {
    const m = pick(online.size ? [...online.keys()] : machines);
    const items = Array.from({ length: 1 + Math.floor(Math.random() * 2) }, () => ({
      ...pick(GOODS),
      qty: 1 + Math.floor(Math.random() * 2),
    }));
    const r = await api.call('terminal_buy', { body: { machine_id: m, request_id: rid(), items } });
    if (r.status === 200) s.buy++;
  }

  async function call() {
    const m = pick(online.size ? [...online.keys()] : machines);
    const r = await api.call('terminal_call', {
      body: { machine_id: m, request_id: rid(), content: pick(CALLS) },
    });
    if (r.status === 200) s.call++;
  }

  async function balance() {
    const v = online.size ? pick([...online.values()]) : undefined;
    const r = await api.call('terminal_balance', { query: { card_no: v?.card ?? pick(cards) } });
    if (r.status === 200) s.balance++;
  }

  async function heartbeat() {
    // every PC reports itself online; a machine in a session stays 上机中 (decision 112)
    await api.call('terminal_machine_state', {
      body: { machines: machines.map((id) => ({ id, state: '空闲' })) },
    });
  }

  function event() {
    if (stopping || inFlight >= 16) return;
    const x = Math.random();
    const job = x < 0.45 ? logon() : x < 0.65 ? logoff() : x < 0.78 ? buy() : x < 0.88 ? call() : balance();
    inFlight++;
    job.finally(() => inFlight--);
  }

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
        const r = await api.call<{
          list: { kind: number; machine: string; id: number; acked_by_name: string; text: string }[];
          next: number;
        }>('terminal_acks', { query: { after, wait: 25 }, signal: stop.signal, timed: false });
        if (r.status !== 200) {
          await new Promise((res) => setTimeout(res, 2000));
          continue;
        }
        for (const a of r.data.list) {
          s.acks++;
          const who = a.acked_by_name ? `（${a.acked_by_name}）` : '';
          const what = a.kind === 6 ? `：${a.text}` : ` 消息#${a.id}`;
          console.log(
            `${clock()} 回执 ${ACK_KIND[a.kind] ?? a.kind} ${a.machine || '全部机器'}${what}${who}`,
          );
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
    console.log(
      `[${t}s] 在线 ${online.size} 台 | 上机 成功 ${s.logonOk} 拒绝 ${s.logonRefused} | 下机 ${s.logoff} | ` +
        `订单 ${s.buy} 呼叫 ${s.call} | 回执 ${s.acks} | 延迟 p50 ${p.p50.toFixed(0)}ms p99 ${p.p99.toFixed(0)}ms | 异常 ${api.broken}`,
    );
  };

  const acks = listenAcks();
  const timers = [
    setInterval(event, 1000 / o.pace),
    setInterval(() => void heartbeat(), o.heartbeat * 1000),
    setInterval(status, o.statusEvery * 1000),
  ];

  let finishing: Promise<void> | undefined;
  const finish = (why: string) =>
    (finishing ??= (async () => {
      stopping = true;
      for (const t of timers) clearInterval(t);
      console.log(`\n${why}：正在为 ${online.size} 台在线机器下机…`);
      while (inFlight > 0) await new Promise((r) => setTimeout(r, 50));
      const left = [...online.keys()];
      for (let i = 0; i < left.length; i += 4) await Promise.all(left.slice(i, i + 4).map((m) => logoff(m)));
      stop.abort();
      await acks;
      summary();
    })());

  function summary() {
    const secs = (Date.now() - started) / 1000;
    const p = api.percentiles();
    console.log(`\n==== 模拟结束（${secs.toFixed(0)} 秒）====`);
    console.log(`上机成功 ${s.logonOk}，拒绝 ${s.logonRefused}；下机 ${s.logoff}；仍在线 ${online.size}`);
    for (const [msg, n] of s.refusals) console.log(`  拒绝原因「${msg}」× ${n}`);
    console.log(`座位订单 BUY ${s.buy}，呼叫 CALL ${s.call}，余额查询 ${s.balance}，收到回执 ${s.acks}`);
    console.log(
      `接口调用 ${p.n} 次，延迟 p50 ${p.p50.toFixed(1)}ms，p99 ${p.p99.toFixed(1)}ms，无应答或5xx ${api.broken} 次`,
    );
    for (const [name, xs] of [...api.latency].sort()) {
      const ys = [...xs].sort((a, b) => a - b);
      const at = (q: number) => ys[Math.min(ys.length - 1, Math.floor(q * ys.length))]!;
      console.log(
        `  ${name.padEnd(24)} ${String(ys.length).padStart(6)} 次  p50 ${at(0.5).toFixed(1)}ms  p99 ${at(0.99).toFixed(1)}ms`,
      );
    }
  }

  let interrupts = 0;
  process.on('SIGINT', () => {
    if (++interrupts > 1) process.exit(130);
    void finish('收到 Ctrl-C').then(() => process.exit(0));
  });
  process.on('SIGTERM', () => void finish('收到终止信号').then(() => process.exit(0)));
  if (o.duration) setTimeout(() => void finish('时间到').then(() => process.exit(0)), o.duration * 1000);
}

main().catch((e) => {
  if (e instanceof UsageError) {
    if (e.message) console.error(e.message);
    console.error(USAGE);
    process.exit(2);
  }
  console.error(e);
  process.exit(1);
});
