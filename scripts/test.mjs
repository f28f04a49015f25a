#!/usr/bin/env node
// `npm test`: lint, strict typecheck, the Vitest projects (contract, server on PGlite — and on
// PostgreSQL + Redis when TEST_DATABASE_URL / REDIS_URL are set — and web), then the browser tests.
// Ends with one line: `tests: N passed, N failed`, the totals of every runner.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'node_modules', '.cache', 'netbar-test');
mkdirSync(out, { recursive: true });
const bin = (p) => join(root, 'node_modules', '.bin', p);
let passed = 0;
let failed = 0;

function step(label, cmd, args) {
  console.log(`\n» ${label}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  return r.status === 0;
}

/** A check that is not a test runner (lint, typecheck) counts as one test. */
function check(label, cmd, args) {
  if (step(label, cmd, args)) passed++;
  else failed++;
}

function vitest(label, args, report) {
  rmSync(report, { force: true });
  const ok = step(label, bin('vitest'), [
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  if (!existsSync(report)) {
    failed++;
    console.error(`${label}：没有生成测试报告`);
    return;
  }
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  // A file that failed to load has no tests in the count: count it as a failure.
  const broken = r.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  failed += broken;
  if (!ok && r.numFailedTests === 0 && broken === 0) failed++;
}

check('Biome 代码检查（格式、导入、规则）', bin('biome'), ['check', '.']);
check('TypeScript 严格类型检查', process.execPath, [join(root, 'scripts', 'typecheck.mjs')]);
vitest('单元与接口测试（vitest）', [], join(out, 'unit.json'));
if (process.env.SKIP_E2E !== '1')
  vitest('浏览器端到端测试（Playwright + Chromium）', ['-c', 'e2e/vitest.config.ts'], join(out, 'e2e.json'));

console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
