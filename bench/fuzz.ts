// `npm run bench -- --fuzz`: the schema-driven fuzz of every operation (apps/server/src/platform/
// fuzz-engine.ts) with many cases each, on PGlite in memory. Prints operations × cases, the 5xx,
// non-envelope and written-when-refused counts, the status histogram and the first failures.
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { runDemoGenerators } from '../apps/server/src/demo/index.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { headersFor, loginCallers } from '../apps/server/src/platform/fuzz-callers.ts';
import { fuzz } from '../apps/server/src/platform/fuzz-engine.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 100000);

const database = await openDatabase({ memory: true });
await migrate(database);
await seedDemo(database.db);
await runDemoGenerators(database.db);
const config = loadConfig({
  NODE_ENV: 'test',
  CAPTCHA_FIXED: '1234',
  LOG_LEVEL: 'silent',
  LOGIN_RATE_PER_MINUTE: '100000',
  LOGIN_DELAY_BASE_MS: '0',
});
const app = await buildApp({ config, database, logger: false });
await app.ready();
const users = ['demo_admin:4', 'demo_agent:1', 'demo_netbar:3', 'demo_pay:6', 'demo_agent_staff:2'].map(
  (s) => {
    const [user_name, type] = s.split(':');
    return { user_name: user_name!, type: Number(type) };
  },
);
const callers = await loginCallers(app, users, 'demo123456', '1234');
const t0 = Date.now();
const r = await fuzz(app, {
  runs: RUNS,
  seed: SEED,
  headersFor: (op) => headersFor(app.routeList, callers, op),
  skip: (op) => op.path === '/api/v1/logout',
});
console.log(`seed ${SEED}, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
console.log(`operations × cases: ${r.operations} × ${RUNS} = ${r.cases} requests`);
console.log(
  `5xx: ${r.count['5xx']}, non-envelope or non-Chinese: ${r.count.envelope}, written when refused: ${r.count.written}`,
);
console.log(`statuses: ${JSON.stringify(r.statuses)}`);
for (const f of r.failures.slice(0, 20)) console.log(`  ${f.kind} ${f.op}: ${f.detail}`);
await app.close();
await database.close();
process.exit(r.failures.length ? 1 : 0);
