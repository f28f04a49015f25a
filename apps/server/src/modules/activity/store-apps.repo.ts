import { ENGINE_KIND_APP, type EngineKind } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';

/** The store's app switches, the paid editions' prices and each app's live activities (decision 174). */
export async function appFacts(db: Conn, nid: number) {
  const [switches, editions, acts] = await Promise.all([
    rows<{ app: string; enabled: boolean }>(
      db,
      sql`select app, enabled from store_apps where netbar_id = ${nid}`,
    ),
    rows<{ id: number; name: string; price_fen: number }>(
      db,
      sql`select id, name, price_fen::float8 as price_fen from product_editions where status = 1`,
    ),
    rows<{ kind: string; n: number }>(
      db,
      sql`select kind, count(*)::int as n from activities where netbar_id = ${nid} and status in ('published', 'paused') and ends_at > now() group by kind`,
    ),
  ]);
  const perApp = new Map<string, number>();
  for (const r of acts) {
    const app = ENGINE_KIND_APP[r.kind as EngineKind];
    if (app) perApp.set(app, (perApp.get(app) ?? 0) + Number(r.n));
  }
  return { switches: new Map(switches.map((s) => [s.app, s.enabled])), editions, perApp };
}

export async function setApp(
  tx: Conn,
  nid: number,
  app: string,
  enabled: boolean,
  edition: { id: number; price_fen: number } | undefined,
  userId: number,
) {
  await rows(
    tx,
    sql`insert into store_apps (netbar_id, app, enabled, product_id, price_fen, updated_by)
        values (${nid}, ${app}, ${enabled}, ${edition?.id ?? null}, ${edition?.price_fen ?? 0}, ${userId})
        on conflict (netbar_id, app) do update set enabled = excluded.enabled, product_id = excluded.product_id,
          price_fen = excluded.price_fen, updated_by = excluded.updated_by, updated_at = now()`,
  );
}

/** Disabling an app pauses its store's published activities (marked, so enabling resumes them). */
export async function pauseKinds(tx: Conn, nid: number, kinds: string[]) {
  if (!kinds.length) return;
  await rows(
    tx,
    sql`update activities set status = 'paused', paused_by_app = true, updated_at = now()
        where netbar_id = ${nid} and status = 'published' and kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})`,
  );
}

export async function resumeKinds(tx: Conn, nid: number, kinds: string[]) {
  if (!kinds.length) return;
  await rows(
    tx,
    sql`update activities set status = 'published', paused_by_app = false, updated_at = now()
        where netbar_id = ${nid} and status = 'paused' and paused_by_app and kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})`,
  );
}
