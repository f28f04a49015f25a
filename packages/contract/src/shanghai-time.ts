/**
 * Every date a user sees or a file carries is China Standard Time (Asia/Shanghai, UTC+8, no DST).
 * JavaScript's one home for it; SQL uses the server's lib/sql-dates.ts.
 */
const CST_MS = 8 * 3600_000;

/** The CST wall clock of an instant as 'YYYY-MM-DD HH:mm:ss'. */
export function shanghaiDateTime(at: Date | number = Date.now()): string {
  const ms = (typeof at === 'number' ? at : at.getTime()) + CST_MS;
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** The CST calendar day of an instant as 'YYYY-MM-DD' (today by default). */
export const shanghaiDate = (at: Date | number = Date.now()): string => shanghaiDateTime(at).slice(0, 10);

/** The instant a CST wall-clock text ('YYYY-MM-DD' or 'YYYY-MM-DD HH:mm[:ss]') denotes. */
export function fromShanghai(local: string): Date {
  const t = local.length === 10 ? `${local}T00:00:00` : local.replace(' ', 'T');
  return new Date(`${t}+08:00`);
}

/** The CST wall clock of an instant: weekday 0-6 (Sunday 0) and minute of the day. */
export function shanghaiClock(at: Date | number = Date.now()): { weekday: number; minute: number } {
  const d = new Date((typeof at === 'number' ? at : at.getTime()) + CST_MS);
  return { weekday: d.getUTCDay(), minute: d.getUTCHours() * 60 + d.getUTCMinutes() };
}
