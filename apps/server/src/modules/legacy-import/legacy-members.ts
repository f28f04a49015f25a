import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fenToYuanPlain, levelSaveBody } from '@netbar/contract';
import type { TenantScope } from '../../tenant/index.ts';
import {
  countReason,
  type ImportDeps,
  jobOf,
  SAME_MEMBER,
  startCheck,
  startCommit,
  upload,
} from '../file-import/index.ts';
import { memberPool } from '../member/index.ts';
import type { LegacyConnector, LegacyMember } from './connector.ts';
import { addLevels, type LegacyJob, levelNames, setCounters, setFileJob } from './legacy-import.repo.ts';

/**
 * Members of a source store (decision 194) through file-import's seam: the pages are written to a csv
 * with the generic preset's headers in DATA_DIR/imports, then the same dry run and batched commit as
 * an uploaded file (ledger = balance, idempotent by card, resumed after kill -9 by file-import).
 */

export const MEMBER_HEADER = [
  '卡号',
  '证件类型',
  '姓名',
  '手机号',
  '本金',
  '奖励',
  '积分',
  '会员等级',
  '开卡日期',
  '卡状态',
];

/** A csv cell: quoted when it holds a comma, quote or line break. */
const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** How many levels the pool lacks one import may add; the members of any further level land at the entry level. */
export const NEW_LEVELS_MAX = 20;

/** A source level as a level name here (the 会员权益 form's rule, one line), or '' for the entry level. */
const levelName = (v: string) => {
  const r = levelSaveBody.shape.name.safeParse(v);
  return r.success && r.data === v && !/[\r\n]/.test(v) ? v : '';
};

export function memberLine(m: LegacyMember, levels: Set<string>): string {
  return [
    m.card_no,
    m.card_kind === 1 ? '身份证' : '会员卡',
    m.name,
    m.mobile,
    // a negative balance stays negative: the dry run skips it with its reason
    m.principal_fen < 0 ? `-${fenToYuanPlain(-m.principal_fen)}` : fenToYuanPlain(m.principal_fen),
    m.bonus_fen < 0 ? `-${fenToYuanPlain(-m.bonus_fen)}` : fenToYuanPlain(m.bonus_fen),
    String(m.points),
    levels.has(levelName(m.level)) ? m.level : '',
    m.opened_at.slice(0, 10),
    m.status,
  ]
    .map((v) => cell(String(v ?? '')))
    .join(',');
}

const POLL_MS = 200;

async function waitFor(
  deps: ImportDeps,
  s: TenantScope,
  id: number,
  until: string[],
  onTick?: () => Promise<void>,
) {
  for (;;) {
    const j = await jobOf(deps.db, s, id);
    if (until.includes(j.status)) return j;
    await onTick?.();
    await sleep(POLL_MS);
  }
}

export async function runMembers(
  deps: ImportDeps,
  connector: LegacyConnector,
  s: TenantScope,
  user: { id: number; name: string },
  job: LegacyJob,
  token: string,
): Promise<void> {
  const summary = await connector.summary(token, job.source_store);
  await setCounters(deps.db, job.id, { total: summary.members, com: 0, member: 0, right: 0, failed: 0 });
  const pool = (await memberPool(deps.db, s)).pool;
  const levels = await levelNames(deps.db, pool);
  const added: string[] = [];
  await mkdir(deps.dir, { recursive: true });
  const path = join(deps.dir, `legacy-${job.id}.csv`);
  try {
    const out = createWriteStream(path);
    out.write(`${MEMBER_HEADER.join(',')}\n`);
    for await (const page of connector.members(token, job.source_store)) {
      // the source's levels come over: one the pool lacks is added (up to NEW_LEVELS_MAX) before the dry run
      for (const m of page) {
        const name = levelName(m.level);
        if (name && !levels.has(name) && added.length < NEW_LEVELS_MAX) {
          levels.add(name);
          added.push(name);
        }
      }
      const text = `${page.map((m) => memberLine(m, levels)).join('\n')}\n`;
      if (!out.write(text)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    await addLevels(deps.db, pool, added);
    const file = await upload(
      deps,
      s,
      user,
      { kind: 'member', preset: 'generic' },
      {
        filename: `旧系统${job.product}-门店${job.source_store}-会员.csv`,
        stream: createReadStream(path),
      },
    );
    await setFileJob(deps.db, job.id, file.id);
    await startCheck(deps, s, { id: file.id, mapping: file.mapping });
    const checked = await waitFor(deps, s, file.id, ['checked', 'uploaded', 'failed']);
    if (checked.status !== 'checked') throw new Error(checked.error || '会员数据校验失败');
    const c = checked.check!;
    const same = await countReason(deps.db, file.id, SAME_MEMBER);
    if (!c.create && !c.update) {
      await setCounters(deps.db, job.id, tally({ rows: c.rows, create: 0, update: 0, skip: c.skip }, same));
      return;
    }
    await startCommit(deps, s, file.id, false);
    const copy = async () => {
      const j = await jobOf(deps.db, s, file.id);
      await setCounters(deps.db, job.id, tally(j.done, same));
    };
    const done = await waitFor(deps, s, file.id, ['done', 'interrupted', 'failed'], copy);
    await setCounters(deps.db, job.id, tally(done.done, same));
    if (done.status !== 'done') throw new Error(done.error || '会员导入中断');
  } finally {
    await rm(path, { force: true });
  }
}

/**
 * The dialog's figures from file-import's: a card already here with the same data (`same` rows of the dry
 * run, skipped again by the commit) is 已存在 (right), not 失败; the other skips are failed.
 */
export const tally = (d: { rows: number; create: number; update: number; skip: number }, same = 0) => {
  const here = Math.min(same, d.skip);
  return { com: d.rows, member: d.create, right: d.update + here, failed: d.skip - here };
};
