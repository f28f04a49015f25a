import {
  builtinTemplate,
  type PrintKind,
  type PrintTemplateForPrint,
  type PrintTemplateRow,
  type PrintTemplateSaveBody,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';
import { orConflict } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { terminalSiyuCodes } from '../siyu/index.ts';
import {
  countOfKind,
  defaultTemplate,
  deleteTemplate,
  insertTemplate,
  kindOf,
  listTemplates,
  setDefault,
  templateById,
  updateTemplate,
} from './print-template.repo.ts';

/** Receipt templates (application print_template 10523, decision 129). */

/** Templates one store keeps per kind. */
export const TEMPLATES_PER_KIND = 20;

const nidOf = (s: TenantScope) => {
  if (!s.netbarId) throw new NotFoundError('门店不存在');
  return s.netbarId;
};

export const printTemplates = (db: Db, s: TenantScope, kind?: PrintKind) => listTemplates(db, nidOf(s), kind);

export async function printTemplate(db: Db, s: TenantScope, id: number): Promise<PrintTemplateRow> {
  const t = await templateById(db, nidOf(s), id);
  if (!t) throw new NotFoundError('打印模板不存在');
  return t;
}

/** The template a receipt of this kind prints with: the store's default, else the built-in one. */
export async function printTemplateFor(db: Db, s: TenantScope, kind: PrintKind): Promise<PrintTemplateRow> {
  const t = await defaultTemplate(db, nidOf(s), kind);
  if (t) return t;
  return {
    ...builtinTemplate(kind),
    id: 0,
    name: '系统默认模板',
    is_default: true,
    builtin: true,
    updated_at: '',
  };
}

/**
 * What a counter prints with (decision 183): the template, and when it shows 私域二维码 the store's first
 * 私域 code (none while the siyu app is off) with its scan link made absolute on `base`.
 */
export async function printTemplateForPrint(
  db: Db,
  s: TenantScope,
  kind: PrintKind,
  base: string,
): Promise<PrintTemplateForPrint> {
  const t = await printTemplateFor(db, s, kind);
  const wantsSiyu = t.fields.some((f) => f.key === 'siyu' && f.show);
  const code = wantsSiyu ? (await terminalSiyuCodes(db, s))[0] : undefined;
  return {
    ...t,
    siyu_code: code
      ? { name: code.name, welcome: code.welcome, link: `${base.replace(/\/+$/, '')}${code.link}` }
      : null,
  };
}

export async function savePrintTemplate(
  db: Db,
  s: TenantScope,
  by: string,
  b: PrintTemplateSaveBody,
): Promise<PrintTemplateRow> {
  const nid = nidOf(s);
  const id = await orConflict(
    db.transaction(async (tx) => {
      let tid: number;
      if (b.id) {
        const kind = await kindOf(tx, nid, b.id);
        if (!kind) throw new NotFoundError('打印模板不存在');
        if (kind !== b.kind) throw new BadInputError('模板类型不能修改');
        await updateTemplate(tx, nid, b.id, b, by);
        tid = b.id;
      } else {
        if ((await countOfKind(tx, nid, b.kind)) >= TEMPLATES_PER_KIND)
          throw new BadInputError(`每种模板最多${TEMPLATES_PER_KIND}个`);
        tid = await insertTemplate(tx, nid, b, by);
      }
      if (b.is_default) await setDefault(tx, nid, tid);
      return tid;
    }),
    '已有同名模板',
  );
  return printTemplate(db, s, id);
}

export async function removePrintTemplate(db: Db, s: TenantScope, id: number): Promise<void> {
  const ok = await db.transaction((tx) => deleteTemplate(tx, nidOf(s), id));
  if (!ok) throw new NotFoundError('打印模板不存在');
}

export async function setDefaultPrintTemplate(db: Db, s: TenantScope, id: number): Promise<PrintTemplateRow> {
  const ok = await db.transaction((tx) => setDefault(tx, nidOf(s), id));
  if (!ok) throw new NotFoundError('打印模板不存在');
  return printTemplate(db, s, id);
}
