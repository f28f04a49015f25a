import {
  FILE_IMPORT_KIND_LABELS,
  FILE_IMPORT_STATUS_LABELS,
  fenToYuanNumber,
  type ImportProblem,
  ROW_OUTCOME_LABELS,
} from '@netbar/contract';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { sendXlsx, streamXlsx } from '../../lib/xlsx-stream.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { jobOf, problemRows } from './file-import.repo.ts';
import { landedTotals } from './member-batch.repo.ts';

/** The two downloads of an import (decision 190): the dry run's rows, and the reconciliation. */

/** Every row that is not a plain creation: 行号, 结果, 原因 (rows not listed are created). */
export async function sendCheckReport(db: Db, s: TenantScope, id: number, reply: FastifyReply) {
  const job = await jobOf(db, s, id);
  return streamXlsx<ImportProblem>(reply, {
    filename: `导入校验-${job.id}.xlsx`,
    sheet: '校验结果',
    columns: [
      { header: '行号', width: 10, value: (r) => r.row },
      { header: '结果', width: 10, value: (r) => ROW_OUTCOME_LABELS[r.outcome] },
      { header: '原因', width: 60, value: (r) => r.reason },
    ],
    rows: problemRows(db, id),
    totalsRow: ({ rows }) => [
      `共${job.check?.rows ?? 0}行`,
      `新增${job.check?.create ?? 0}`,
      `更新${job.check?.update ?? 0}，跳过${job.check?.skip ?? 0}（本表列出${rows}行）`,
    ],
  });
}

export interface Reconciliation {
  lines: { item: string; source: number; landed: number; ok: boolean }[];
  /** Members whose balance changed since the import (spent or topped up): informative only. */
  moved: number;
}

/** Source (the dry run) against what the commit wrote and what the ledger holds. */
export async function reconcile(db: Db, s: TenantScope, id: number): Promise<Reconciliation> {
  const job = await jobOf(db, s, id);
  const c = job.check;
  const src = { rows: c?.rows ?? 0, create: c?.create ?? 0, p: c?.principal_fen ?? 0, b: c?.bonus_fen ?? 0 };
  const land = job.kind === 'member' ? await landedTotals(db, job.netbar_id, id) : undefined;
  const line = (item: string, source: number, landed: number) => ({
    item,
    source,
    landed,
    ok: source === landed,
  });
  const lines = [
    line('文件数据行', src.rows, job.done.rows),
    line(`新增${FILE_IMPORT_KIND_LABELS[job.kind]}`, src.create, job.done.create),
  ];
  if (land) {
    lines.push(
      line('导入流水（会员数）', src.create, land.members),
      line('本金（元）', fenToYuanNumber(src.p), fenToYuanNumber(land.principal_fen)),
      line('奖励（元）', fenToYuanNumber(src.b), fenToYuanNumber(land.bonus_fen)),
      line('积分', c?.points ?? 0, land.points),
    );
  }
  return { lines, moved: land?.moved ?? 0 };
}

export async function sendReconciliation(db: Db, s: TenantScope, id: number, reply: FastifyReply) {
  const job = await jobOf(db, s, id);
  const r = await reconcile(db, s, id);
  type L = Reconciliation['lines'][number];
  return sendXlsx<L>(
    reply,
    `导入对账-${job.id}.xlsx`,
    [
      { header: '项目', width: 22, value: (l) => l.item },
      { header: '源文件（校验）', width: 18, value: (l) => l.source },
      { header: '已导入', width: 18, value: (l) => l.landed },
      { header: '差异', width: 14, value: (l) => Math.round((l.landed - l.source) * 100) / 100 },
      { header: '结果', width: 10, value: (l) => (l.ok ? '一致' : '不一致') },
    ],
    r.lines,
    [
      `${job.filename}（${FILE_IMPORT_STATUS_LABELS[job.status]}）`,
      `导入后余额有变动的会员：${r.moved}`,
      '',
      '',
      '',
    ],
  );
}
