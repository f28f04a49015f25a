import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';

/** The store's name for the public QR logon page (nothing else of the store is shown there). */
export async function storeName(db: Conn, netbarId: number): Promise<string> {
  const r = await rows<{ name: string }>(db, sql`select name from netbars where id = ${netbarId}`);
  return r[0]?.name ?? '';
}
