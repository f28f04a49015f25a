// `npm run terminal-sim -- --store <nid> --machines 60` (issue 12 item 8): acts as a store's server and
// its PCs against a running instance, through the terminal API only (docs/decisions/110-112): state
// reports of every machine, member logons and logoffs, seat orders (BUY), service calls (CALL), and the
// acknowledgement long-poll, whose BUY_DONE / CALL_DOWN / ALL it prints as staff give them. A status
// line every few seconds, a summary at the end; Ctrl-C logs every simulated session off first.
// The simulation itself is terminal-sim/sim-engine.ts (bench/terminal-load.ts runs 20 of them).
// `npm run terminal-sim -- tip --store <nid> …` is a PC's 打赏 instead (terminal-sim/sim-tip.ts);
// `npm run terminal-sim -- game --store <nid> --machine <id> …` a PC's 赛事活动 (terminal-sim/sim-game.ts);
// `npm run terminal-sim -- topup --amount 50` a PC's 扫码充值 (terminal-sim/sim-topup.ts);
// `npm run terminal-sim -- desktop --area 电竞区 [--watch 30]` a PC's desktop with its ETag (terminal-sim/sim-desktop.ts).
import { DEMO_MEMBER_PASSWORD, demoMemberCards } from '../apps/server/src/demo/member.ts';
import { DESKTOP_USAGE, readDesktopOptions, runDesktop } from './terminal-sim/sim-desktop.ts';
import { createSim, type SimStats } from './terminal-sim/sim-engine.ts';
import { GAME_USAGE, readGameOptions, runGame } from './terminal-sim/sim-game.ts';
import { readOptions, resolveCards, resolveMachines, USAGE, UsageError } from './terminal-sim/sim-setup.ts';
import { readTipOptions, runTip, TIP_USAGE } from './terminal-sim/sim-tip.ts';
import { readTopupOptions, runTopup, TOPUP_USAGE } from './terminal-sim/sim-topup.ts';
import { TerminalClient } from './terminal-sim/terminal-client.ts';

const argv = process.argv.slice(2);

async function main() {
  if (argv[0] === 'tip') process.exit(await runTip(readTipOptions(argv.slice(1))));
  if (argv[0] === 'game') process.exit(await runGame(readGameOptions(argv.slice(1))));
  if (argv[0] === 'topup') process.exit(await runTopup(readTopupOptions(argv.slice(1))));
  if (argv[0] === 'desktop') process.exit(await runDesktop(readDesktopOptions(argv.slice(1))));
  const o = readOptions(argv);
  const api = new TerminalClient(o.url, o.store, o.key);
  console.log(`终端模拟器：门店 ${o.store} → ${o.url}`);
  const machines = await resolveMachines(o, api);
  const cards = await resolveCards(o, api);
  api.latency.clear(); // the figures are of the simulation, not of the start-up checks
  console.log(
    `模拟 ${machines.length} 台机器、${cards.length} 名会员，节奏 ${o.pace} 次/秒${o.duration ? `，运行 ${o.duration} 秒` : '，Ctrl-C 结束'}`,
  );
  // the demo members' password (README); other cards log on by card alone
  const demo = new Set(demoMemberCards(o.store).map((c) => c.card));
  const sim = createSim(api, machines, cards, o, {
    passwordOf: (card) => (demo.has(card) ? DEMO_MEMBER_PASSWORD : undefined),
  });
  const end = (why: string) =>
    sim.finish(why).then(() => {
      summary(api, sim.stats, sim.online.size, (Date.now() - sim.started) / 1000);
      process.exit(0);
    });

  let interrupts = 0;
  process.on('SIGINT', () => {
    if (++interrupts > 1) process.exit(130);
    void end('收到 Ctrl-C');
  });
  process.on('SIGTERM', () => void end('收到终止信号'));
  if (o.duration) setTimeout(() => void end('时间到'), o.duration * 1000);
}

function summary(api: TerminalClient, s: SimStats, stillOnline: number, secs: number) {
  const p = api.percentiles();
  console.log(`\n==== 模拟结束（${secs.toFixed(0)} 秒）====`);
  console.log(`上机成功 ${s.logonOk}，拒绝 ${s.logonRefused}；下机 ${s.logoff}；仍在线 ${stillOnline}`);
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

main().catch((e) => {
  if (e instanceof UsageError) {
    if (e.message) console.error(e.message);
    const usage =
      { tip: TIP_USAGE, game: GAME_USAGE, topup: TOPUP_USAGE, desktop: DESKTOP_USAGE }[argv[0] ?? ''] ??
      USAGE;
    console.error(usage);
    process.exit(2);
  }
  console.error(e);
  process.exit(1);
});
