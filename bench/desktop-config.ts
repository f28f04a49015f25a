// Issue 18's figure (decision 192): 1,000 simulated PCs poll their desktop every 30 s through the terminal
// API (terminal_desktop with If-None-Match of their last ETag) against a server on PostgreSQL (a scratch
// database from BENCH_DATABASE_URL, default the local server; created, seeded with the demo and dropped).
// Each PC starts at a random moment of the first interval; half-way the owner gives 电竞区 a new ticker, so
// those PCs fetch once more. Prints p50/p99 of the round trip and of the server, the share of 304s, what
// changed, and os.loadavg beside the figure (goal: p99 < 20 ms). `--machines N --seconds S --interval I`.
import { Agent, request } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { rows } from '../apps/server/src/db/client.ts';
import { desktopDemo } from '../apps/server/src/demo/desktop.ts';
import { venueDemo } from '../apps/server/src/demo/venue.ts';
import { setServerKey } from '../apps/server/src/modules/netbar/heartbeat.repo.ts';
import { uploadDir } from '../apps/server/src/modules/upload/index.ts';
import { arg } from './bench-databases.ts';
import { fmt, login, pct, startBenchApp } from './order-bench-kit.ts';

const MACHINES = arg('machines', 1000);
const SECONDS = arg('seconds', 90);
const INTERVAL = arg('interval', 30);

const b = await startBenchApp('desktop');
if (!b) process.exit(0);
let pass = false;
try {
  const db = b.database.db;
  // the demo's areas and machines and its desktops (pictures where this server keeps its uploads)
  process.env.UPLOAD_DIR = uploadDir(b.app.deps.config);
  await venueDemo(db);
  await desktopDemo(db);
  const nid = (await rows<{ id: number }>(db, sql`select id from netbars where name = '星际网咖旗舰店'`))[0]!
    .id;
  const areas = await rows<{ id: number; name: string }>(
    db,
    sql`select id, name from venue_areas where netbar_id = ${nid} order by sort, id`,
  );
  await setServerKey(db, nid, `demo-server-key-${nid}`);
  const esports = Number(areas.find((a) => a.name === '电竞区')!.id);
  // the flagship's 60 demo PCs and enough more, spread over its areas, to make MACHINES
  const have = Number(
    (await rows<{ n: number }>(db, sql`select count(*)::int as n from machines where netbar_id = ${nid}`))[0]!
      .n,
  );
  const more = Math.max(0, MACHINES - have);
  await rows(
    db,
    sql`insert into machines (netbar_id, area_id, name)
        select ${nid}, (array[${sql.raw(areas.map((a) => a.id).join(','))}])[1 + g % ${areas.length}], 'B' || lpad(g::text, 4, '0')
        from generate_series(1, ${more}) g`,
  );
  const pcs = (
    await rows<{ id: number; area_id: number }>(
      db,
      sql`select id, area_id from machines where netbar_id = ${nid} order by id limit ${MACHINES}`,
    )
  ).map((m) => ({ id: Number(m.id), area: Number(m.area_id), etag: '' }));
  const owner = await login(b.base, 'demo_netbar', 3);
  const configs = await owner.get<{ configs: { id: number; area_id: number; band_start: string }[] }>(
    'desktop_settings',
  );
  const eRow = configs.data.configs.find((c) => c.area_id === esports && !c.band_start);
  console.log(
    `准备：星际网咖旗舰店 ${pcs.length} 台机器（${areas.map((a) => `${a.name} ${pcs.filter((p) => p.area === Number(a.id)).length}`).join('，')}），` +
      `桌面配置 ${configs.data.configs.length} 个；每台每 ${INTERVAL} 秒取一次，共 ${SECONDS} 秒`,
  );

  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const origin = new URL(b.base);
  const headers = { 'x-netbar-id': String(nid), 'x-server-key': `demo-server-key-${nid}` };
  const times: number[] = [];
  let n304 = 0;
  let n200 = 0;
  let bad = 0;
  const poll = (pc: (typeof pcs)[number]) =>
    new Promise<void>((done) => {
      const t0 = performance.now();
      const req = request(
        {
          host: origin.hostname,
          port: origin.port,
          path: `/api/v1/terminal_desktop?machine_id=${pc.id}`,
          agent,
          headers: pc.etag ? { ...headers, 'if-none-match': pc.etag } : headers,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            times.push(performance.now() - t0);
            if (res.statusCode === 304) n304++;
            else if (res.statusCode === 200) {
              n200++;
              pc.etag = String(res.headers.etag ?? '');
            } else bad++;
            done();
          });
        },
      );
      req.on('error', () => {
        bad++;
        done();
      });
      req.end();
    });

  // the work of one poll apart from queueing: 300 polls one after another (half with the current ETag)
  const solo: number[] = [];
  for (let i = 0; i < 300; i++) {
    const pc = pcs[i % pcs.length]!;
    const t0 = performance.now();
    await poll(pc);
    solo.push(performance.now() - t0);
  }
  times.length = 0;
  n200 = 0;
  n304 = 0;
  for (const pc of pcs) pc.etag = '';
  b.serverMs.clear();

  const load0 = loadavg();
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const end = started + SECONDS * 1000;
  let changedAt = 0;
  const change = setTimeout(
    async () => {
      changedAt = performance.now() - started;
      const r = await owner.post('desktop_config_save', {
        ...(eRow as object),
        id: eRow?.id,
        ticker: `电竞区夜场8折（压测 ${new Date().toISOString().slice(11, 19)}）`,
      });
      if (r.status !== 200) console.log(`修改电竞区失败：${r.msg}`);
    },
    (SECONDS * 1000) / 2,
  );
  await Promise.all(
    pcs.map(async (pc) => {
      let at = started + Math.random() * INTERVAL * 1000;
      while (at < end) {
        await new Promise((res) => setTimeout(res, Math.max(0, at - performance.now())));
        await poll(pc);
        at += INTERVAL * 1000;
      }
    }),
  );
  clearTimeout(change);
  const load1 = loadavg();
  const cpu = process.cpuUsage(cpu0);
  const server = b.serverMs.get('/api/v1/terminal_desktop') ?? [];
  const total = n200 + n304;
  const inEsports = pcs.filter((p) => p.area === esports).length;
  console.log(`\n单台顺序轮询（无排队）：${fmt(solo)}`);
  console.log(`往返：${fmt(times)}`);
  console.log(`服务端：${fmt(server)}`);
  console.log(
    `200（首次或有变化）${n200}，304（未变化）${n304}，304 占 ${((100 * n304) / Math.max(1, total)).toFixed(1)}%；失败 ${bad}`,
  );
  console.log(
    `第 ${(changedAt / 1000).toFixed(0)} 秒改了电竞区的滚动公告：电竞区 ${inEsports} 台应各多取一次（首次 ${pcs.length} + 变化 ${inEsports} = ${pcs.length + inEsports}）`,
  );
  console.log(
    `机器负载（loadavg 1/5/15，${availableParallelism()} 核）：开始 ${load0.map((x) => x.toFixed(2)).join('/')}，结束 ${load1.map((x) => x.toFixed(2)).join('/')}`,
  );
  console.log(
    `本进程（服务与模拟客户端）CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms，每次轮询 ${((cpu.user + cpu.system) / 1000 / Math.max(1, times.length)).toFixed(2)} ms`,
  );
  const p99 = pct(times, 0.99);
  pass = bad === 0 && n200 === pcs.length + inEsports && p99 < 20;
  console.log(
    pass ? '结论：达标（p99 < 20 ms，只有变化的机器取到 200）' : `结论：未达标（p99 ${p99.toFixed(1)} ms）`,
  );
  agent.destroy();
} finally {
  await b.close();
}
process.exit(pass ? 0 : 1);
