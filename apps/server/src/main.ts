import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { serverRoot } from './db/paths.ts';
import { runDemoGenerators } from './demo/index.ts';
import { seedAdmin, seedDemo } from './demo/seed.ts';
import { demoSnapshot, ensureDemoSnapshot } from './demo/snapshot.ts';
import { startBootServer } from './lib/boot-server.ts';
import { stopOnSignals } from './lib/shutdown.ts';

async function main() {
  // `main.js --prepare`: build the demo snapshot for fresh embedded starts (scripts/start.mjs runs it)
  if (process.argv.includes('--prepare')) {
    await ensureDemoSnapshot();
    process.exit(0);
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const webDist = config.WEB_DIST ?? resolve(serverRoot(), '..', 'web', 'dist');
  const dataDir = resolve(config.DATA_DIR);
  // a fresh embedded demo starts from the migrated and seeded snapshot (decision 064)
  const fresh =
    !config.DATABASE_URL && config.SEED_DEMO && (!existsSync(dataDir) || !readdirSync(dataDir).length);
  const snapshot = fresh ? demoSnapshot() : undefined;
  // until the app listens, a balancer sees this process alive but not ready (decision 193)
  const boot = config.PORT ? await startBootServer(config.PORT, config.HOST) : undefined;
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    readUrl: config.DATABASE_READ_URL,
    dataDir,
    loadDataDir: snapshot,
  });
  const ran = await migrate(database);
  if (ran.length) console.log(`已执行数据库迁移：${ran.join(', ')}`);
  if (config.SEED_DEMO) {
    // a snapshot was seeded by this very code (its key hashes it): nothing to check (decision 069)
    if (!snapshot) {
      await seedDemo(database.db);
      await runDemoGenerators(database.db);
    }
  } else {
    const pwd = await seedAdmin(database.db, config.ADMIN_PASSWORD);
    if (pwd) console.log(`已创建初始管理员 admin，密码（仅显示这一次）：${pwd}`);
  }
  const app = await buildApp({ config: { ...config, WEB_DIST: webDist }, database });
  stopOnSignals(app, database);
  await app.ready(); // plugins loaded before the port changes hands: the gap is one close and one listen
  await boot?.close();
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(
    `网吧云管理平台已启动：http://127.0.0.1:${config.PORT}  （数据库：${database.kind === 'pglite' ? `内嵌 PGlite ${resolve(config.DATA_DIR)}` : 'PostgreSQL'}）`,
  );
}

main().catch((e) => {
  console.error('启动失败：', e instanceof Error ? e.message : e);
  process.exit(1);
});
