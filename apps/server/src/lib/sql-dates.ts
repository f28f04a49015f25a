import { sql } from 'drizzle-orm';

/** Shanghai wall-clock text of a timestamp column, as every list shows it. */
export const fmtTs = (col: string) =>
  sql.raw(`to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`);
/** A date column as YYYY-MM-DD. */
export const fmtDate = (col: string) => sql.raw(`to_char(${col}, 'YYYY-MM-DD')`);
