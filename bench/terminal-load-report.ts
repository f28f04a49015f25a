// What bench/terminal-load.ts prints about the run: the simulated traffic, each terminal call's latency,
// the checkpoint passes, and the WebSocket delivery delay of BUY/CALL.
import type { createSim } from './terminal-sim/sim-engine.ts';
import type { TerminalClient } from './terminal-sim/terminal-client.ts';

export type Pass = {
  checked: number;
  /** Of those, the sessions settled in a transaction of their own (decision 121: money, end or warning). */
  settled?: number;
  ended: number;
  failed: number;
  ms: number;
  error?: string;
};
/** Message id → when its POST started and was answered (performance.now()), its store and kind. */
export type SentAt = Map<number, { t0: number; answered: number; store: number; kind: 'buy' | 'call' }>;
type Sim = ReturnType<typeof createSim>;

export const pct = (xs: number[], p: number) => {
  const ys = [...xs].sort((a, b) => a - b);
  return ys.length ? ys[Math.min(ys.length - 1, Math.floor(p * ys.length))]! : Number.NaN;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const p50p99 = (xs: number[]) => `p50 ${ms(pct(xs, 0.5))} p99 ${ms(pct(xs, 0.99))}`;

export function report(r: {
  ran: number;
  prefilled: number;
  sims: Sim[];
  apis: TerminalClient[];
  passes: Pass[];
  sentAt: SentAt;
  sockets: { store: number; got: Map<number, number> }[];
  foreign: number;
}) {
  const sum = (k: keyof Sim['stats']) => r.sims.reduce((n, x) => n + Number(x.stats[k]), 0);
  console.log(
    `\n运行 ${r.ran.toFixed(0)} s：上机 ${sum('logonOk') - r.prefilled}（另开场 ${r.prefilled}；拒绝 ${sum('logonRefused')}），` +
      `下机 ${sum('logoff')}（含结束时的全部下机；另 ${sum('logoffGone')} 次会话已先结束），状态上报 ${sum('reports')} 次，` +
      `BUY ${sum('buy')}，CALL ${sum('call')}，余额查询 ${sum('balance')}，机器收到回执与通知 ${sum('acks')}`,
  );
  const reasons = new Map<string, number>();
  for (const x of r.sims) for (const [k, n] of x.stats.refusals) reasons.set(k, (reasons.get(k) ?? 0) + n);
  for (const [k, n] of reasons) console.log(`  上机拒绝「${k}」× ${n}`);
  const gone = new Map<string, number>();
  for (const x of r.sims) for (const [k, n] of x.stats.logoffRefusals) gone.set(k, (gone.get(k) ?? 0) + n);
  for (const [k, n] of gone) console.log(`  下机未成功「${k}」× ${n}`);
  const byCall = new Map<string, number[]>();
  for (const a of r.apis) for (const [k, xs] of a.latency) byCall.set(k, [...(byCall.get(k) ?? []), ...xs]);
  console.log('终端调用延迟（HTTP，客户端计时；运行期间，不含开场上机和结束时下机）：');
  for (const [k, xs] of [...byCall].sort())
    console.log(
      `  ${k.padEnd(24)} ${String(xs.length).padStart(6)} 次  ${p50p99(xs)}  最大 ${ms(Math.max(...xs))}`,
    );
  const done = r.passes.filter((p) => !p.error);
  console.log(
    `检查点：${r.passes.length} 轮（失败 ${r.passes.length - done.length}），共检查 ${done.reduce((n, p) => n + p.checked, 0)} 个会话、` +
      `余额用尽结束 ${done.reduce((n, p) => n + p.ended, 0)} 个、失败 ${done.reduce((n, p) => n + p.failed, 0)} 个；` +
      `各轮 ${done.map((p) => `${p.checked} 个（逐个结算 ${p.settled ?? p.checked}）${(p.ms / 1000).toFixed(1)} s`).join('，')}`,
  );
  const delays: Record<'buy' | 'call', number[]> = { buy: [], call: [] };
  const afterAnswer: number[] = [];
  let missing = 0;
  for (const [id, s] of r.sentAt)
    for (const k of r.sockets.filter((x) => x.store === s.store)) {
      const at = k.got.get(id);
      if (at === undefined) missing++;
      else {
        delays[s.kind].push(at - s.t0);
        afterAnswer.push(at - s.answered);
      }
    }
  const all = [...delays.buy, ...delays.call];
  console.log(
    `WebSocket 送达（终端 POST 发出前 → 控制台收到帧）：${all.length} 次，未送达 ${missing}，他店收到 ${r.foreign}；` +
      `BUY ${p50p99(delays.buy)}，CALL ${p50p99(delays.call)}，全部 ${p50p99(all)}、最大 ${ms(Math.max(...all))}；` +
      `目标 p99 < 1000 ms：${pct(all, 0.99) < 1000 ? '达到' : '未达到'}（帧相对 POST 应答：${p50p99(afterAnswer)}，负数为帧先到）`,
  );
}
