#!/usr/bin/env node
// `npm run bench`: every benchmark, each printing its figures. `npm run bench -- user-info` runs one.
import { spawnSync } from 'node:child_process';

const all = { 'user-info': 'user-info.ts', 'web-size': 'web-size.ts', 'web-judges': 'web-judges.ts' };
// issue 12: 200 concurrent consumptions on one member balance, PGlite and PostgreSQL
all['member-balance'] = 'member-balance.ts';
// issue 12: logons and one checkpoint pass over a few hundred open sessions, PGlite and PostgreSQL
all['session-checkpoint'] = 'session-checkpoint.ts';
// issue 12: WebSocket delivery delay of BUY/CALL, in process and through Redis pub/sub
all['terminal-ws'] = 'terminal-ws.ts';
// issue 12: 20 stores x 60 simulated machines for 60 s on PostgreSQL: latency, checkpoints, WS delay, money check
all['terminal-load'] = 'terminal-load.ts';
// issue 13: a 5-line order scanned, priced and paid in cash by 20 cashiers at once on PostgreSQL (p99 ≤ 150 ms)
all['order-ringup'] = 'order-ringup.ts';
// issue 13: the shopping order list with 1,000,000 orders in one store on PostgreSQL (p99 ≤ 50 ms)
all['order-list'] = 'order-list.ts';
// issue 14: the staff performance of the flagship over the demo's 90 days, PGlite and PostgreSQL
all['staff-performance'] = 'staff-performance.ts';
// issue 15: 经营统计 (241) of the chain over 30 and 366 business days, 10 users at once, PGlite and PostgreSQL
all['operate-statistic'] = 'operate-statistic.ts';
// issue 15: 上机统计 (240) of the chain over 30 and 366 business days from its rollups, 10 users at once
all['computer-statistics'] = 'computer-statistics.ts';
// issue 15: the server's memory while exporting a year of one store's 销售排行 (at most +100 MB)
all['report-export-memory'] = 'report-export-memory.ts';
// issue 15: the home dashboards (store, agent, platform) on the demo, 10 users at once
all['home-dashboard'] = 'home-dashboard.ts';
// issue 16: the sandbox sends 200 signed notifications/s for 10 s to a server on PostgreSQL (p99 < 100 ms, each paid once)
all['payment-notify'] = 'payment-notify.ts';
// issue 16: reconciliation of 1,000,000 statement lines on PostgreSQL (≤ 60 s, ≤ 200 MB more RSS)
all.reconcile = 'reconcile.ts';
// issue 19: a 1,000,000-row member file import on PGlite and PostgreSQL (rows/s, peak RSS, kill -9 at 50% and resume)
all['member-import'] = 'member-import.ts';
// issue 19: the floor under it: members + ledger rows COPYed straight into the real tables, against bare copies
all['member-import-floor'] = 'member-import-floor.ts';
// issue 18: 1,000 PCs polling their desktop every 30 s with If-None-Match on PostgreSQL (p99 < 20 ms, share of 304s)
all['desktop-config'] = 'desktop-config.ts';
// issue 20: throughput of one process against two behind haproxy (ratio), kill -9 and SIGTERM under load
all['cluster-ratio'] = 'cluster-ratio.ts';
// --overload and --fuzz (issue 11): not part of the default run
const flagged = { overload: 'overload.ts', fuzz: 'fuzz.ts' };
// issue 15: 241, 240, 237, 238 (30 and 366 days) and the owner's home through the API, 10 users at once, on a
// seed:volume database (`npm run bench -- operating-reports --database postgres://…` or `--data-dir <PGlite>`)
flagged['operating-reports'] = 'operating-reports.ts';
// --scale (issue 10): the stock ledger at a million rows per store, on its own PostgreSQL database
flagged.scale = 'scale.ts';
const flags = Object.keys(flagged).filter((f) => process.argv.includes(`--${f}`));
Object.assign(all, flagged);
// --web: the console's weight, then Lighthouse and axe (issue 21)
const web = process.argv.includes('--web') ? ['web-size', 'web-judges'] : [];
const pick = [...process.argv.slice(2).filter((a) => a in all), ...web, ...flags];
// the rest goes to the benchmark(s): `npm run bench -- terminal-load --seconds 30 --stores 10`
const passOn = process.argv.slice(2).filter((a) => !(a in all) && a !== '--web' && !(a.slice(2) in flagged));
for (const name of pick.length ? pick : Object.keys(all).filter((n) => !(n in flagged))) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', new URL(all[name], import.meta.url).pathname, ...passOn],
    {
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}
