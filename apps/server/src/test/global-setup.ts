import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { extractDataDirTarball } from '../db/untar.ts';
import { runDemoGenerators } from '../demo/index.ts';
import { seedDemo } from '../demo/seed.ts';
import { adminUrl, snapshotPath, templateName, withDatabase } from './db-names.ts';

/**
 * Migrates and seeds one database per run: a PGlite data folder (each test file copies it instead of
 * running initdb), or, with TEST_DATABASE_URL, a PostgreSQL template database that each test file clones.
 */
export default async function setup(project: TestProject) {
  const pgUrl = project.name === 'server-pg' ? process.env.TEST_DATABASE_URL : undefined;
  if (!pgUrl) {
    const database = await openDatabase({ memory: true });
    await migrate(database);
    await seedDemo(database.db);
    await runDemoGenerators(database.db);
    // a checkpoint first: a snapshot with WAL to replay took each test file's start 1.7-2 s, without 0.9-1.2 s
    await database.exec('checkpoint');
    const pglite = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const blob = await pglite.dumpDataDir('none');
    // a data folder, copied by each test file (harness.ts): PostgreSQL then reads only what it needs, where
    // loading the 177 MB tarball into PGlite's memory took each file 1.1 s more (20 files: 76 s → 54 s)
    const path = snapshotPath(`${process.pid}-${project.name}`);
    mkdirSync(dirname(path), { recursive: true });
    extractDataDirTarball(new Uint8Array(await blob.arrayBuffer()), path);
    await database.close();
    project.provide('pgliteSnapshot', path);
    return () => rmSync(path, { recursive: true, force: true });
  }
  const tpl = templateName();
  project.provide('pgTemplate', tpl);
  const admin = await openDatabase({ databaseUrl: adminUrl(pgUrl) });
  await admin.exec(`drop database if exists ${tpl}`);
  await admin.exec(`create database ${tpl}`);
  const database = await openDatabase({ databaseUrl: withDatabase(pgUrl, tpl) });
  await migrate(database);
  await seedDemo(database.db);
  await runDemoGenerators(database.db);
  await database.close();
  return async () => {
    await admin.exec(`drop database if exists ${tpl} with (force)`);
    await admin.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    pgliteSnapshot: string;
  }
}
