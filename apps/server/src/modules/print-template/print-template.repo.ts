import type { PrintField, PrintKind, PrintTemplateRow, PrintTemplateSaveBody } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';

/** A store's receipt templates and its default per kind (migration 0750). */

const COLS = sql`t.id, t.kind, t.name, t.paper_mm::int, t.title, t.header, t.footer, t.fields,
  (d.template_id is not null) as is_default, false as builtin, ${fmtTs('t.updated_at')} as updated_at`;
const FROM = sql`from print_templates t
  left join print_template_defaults d on d.netbar_id = t.netbar_id and d.kind = t.kind and d.template_id = t.id`;

export async function listTemplates(db: Conn, nid: number, kind?: PrintKind): Promise<PrintTemplateRow[]> {
  const w: SQL[] = [sql`t.netbar_id = ${nid}`];
  if (kind) w.push(sql`t.kind = ${kind}`);
  return rows<PrintTemplateRow>(
    db,
    sql`select ${COLS} ${FROM} where ${sql.join(w, sql` and `)} order by t.kind, t.id limit 500`,
  );
}

export async function templateById(db: Conn, nid: number, id: number): Promise<PrintTemplateRow | undefined> {
  const r = await rows<PrintTemplateRow>(
    db,
    sql`select ${COLS} ${FROM} where t.id = ${id} and t.netbar_id = ${nid}`,
  );
  return r[0];
}

export async function defaultTemplate(
  db: Conn,
  nid: number,
  kind: PrintKind,
): Promise<PrintTemplateRow | undefined> {
  const r = await rows<PrintTemplateRow>(
    db,
    sql`select ${COLS} ${FROM} where t.netbar_id = ${nid} and t.kind = ${kind} and d.template_id is not null`,
  );
  return r[0];
}

export async function countOfKind(db: Conn, nid: number, kind: PrintKind): Promise<number> {
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from print_templates where netbar_id = ${nid} and kind = ${kind}`,
  );
  return Number(r[0]?.n ?? 0);
}

const fieldsJson = (f: PrintField[]) =>
  JSON.stringify(f.map((x) => ({ key: x.key, show: x.show, align: x.align })));

export async function insertTemplate(
  tx: Conn,
  nid: number,
  b: PrintTemplateSaveBody,
  by: string,
): Promise<number> {
  const r = await rows<{ id: number }>(
    tx,
    sql`insert into print_templates (netbar_id, kind, name, paper_mm, title, header, footer, fields, updated_by)
        values (${nid}, ${b.kind}, ${b.name}, ${b.paper_mm}, ${b.title}, ${b.header}, ${b.footer}, ${fieldsJson(b.fields)}::jsonb, ${by})
        returning id`,
  );
  return Number(r[0]!.id);
}

/** Updates a template of the store and kind; false when there is none. */
export async function updateTemplate(
  tx: Conn,
  nid: number,
  id: number,
  b: PrintTemplateSaveBody,
  by: string,
) {
  const r = await rows<{ id: number }>(
    tx,
    sql`update print_templates set name = ${b.name}, paper_mm = ${b.paper_mm}, title = ${b.title}, header = ${b.header},
          footer = ${b.footer}, fields = ${fieldsJson(b.fields)}::jsonb, updated_by = ${by}, updated_at = now()
        where id = ${id} and netbar_id = ${nid} and kind = ${b.kind} returning id`,
  );
  return r.length > 0;
}

export async function kindOf(db: Conn, nid: number, id: number): Promise<PrintKind | undefined> {
  const r = await rows<{ kind: PrintKind }>(
    db,
    sql`select kind from print_templates where id = ${id} and netbar_id = ${nid}`,
  );
  return r[0]?.kind;
}

/** Deletes a template; its default pointer goes with it (the built-in template prints again). */
export async function deleteTemplate(tx: Conn, nid: number, id: number): Promise<boolean> {
  const r = await rows<{ id: number }>(
    tx,
    sql`delete from print_templates where id = ${id} and netbar_id = ${nid} returning id`,
  );
  return r.length > 0;
}

/**
 * Makes the template its store's default for its kind: one upsert of the (store, kind) pointer, so two
 * concurrent calls leave exactly one default (the later one), never two and never none.
 */
export async function setDefault(tx: Conn, nid: number, id: number): Promise<boolean> {
  const r = await rows<{ template_id: number }>(
    tx,
    sql`insert into print_template_defaults (netbar_id, kind, template_id)
        select netbar_id, kind, id from print_templates where id = ${id} and netbar_id = ${nid}
        on conflict (netbar_id, kind) do update set template_id = excluded.template_id, updated_at = now()
        returning template_id`,
  );
  return r.length > 0;
}
