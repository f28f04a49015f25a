import { OPERATE_FIGURE_KEYS, type OperateFigures } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { type ReportStore, storeIdsSql } from '../../tenant/index.ts';

/** 经营统计 (241) reads only the daily rollups (decision 152), after refreshRange has recomputed dirty days. */

const SUMS = sql.raw(`coalesce(sum(online_fen), 0)::float8 as online_fen,
  coalesce(sum(goods_fen), 0)::float8 as goods_fen, coalesce(sum(desk_fen), 0)::float8 as desk_fen,
  coalesce(sum(lease_fen), 0)::float8 as lease_fen,
  coalesce(sum(online_fen + goods_fen + desk_fen + lease_fen), 0)::float8 as revenue_fen,
  coalesce(sum(topup_fen), 0)::float8 as topup_fen, coalesce(sum(bonus_fen), 0)::float8 as bonus_fen,
  coalesce(sum(topups), 0)::float8 as topups, coalesce(sum(refund_fen), 0)::float8 as refund_fen,
  coalesce(sum(cash_fen), 0)::float8 as cash_fen, coalesce(sum(scan_fen), 0)::float8 as scan_fen,
  coalesce(sum(member_fen), 0)::float8 as member_fen,
  coalesce(sum(cash_fen + scan_fen), 0)::float8 as net_cash_fen,
  coalesce(sum(imported_fen), 0)::float8 as imported_fen,
  coalesce(sum(orders), 0)::float8 as orders, coalesce(sum(sessions), 0)::float8 as sessions`);

export const zeroFigures = (): OperateFigures =>
  Object.fromEntries(OPERATE_FIGURE_KEYS.map((k) => [k, 0])) as unknown as OperateFigures;

/** The chosen stores' figures per business day of start..end (days without a row are absent). */
export const figuresByDay = (db: Conn, stores: ReportStore[], start: string, end: string) =>
  rows<OperateFigures & { day: string }>(
    db,
    sql`select day::text as day, ${SUMS} from report_store_day
        where netbar_id in (${storeIdsSql(stores)}) and day between ${start}::date and ${end}::date
        group by day order by day`,
  );

/** Each store's figures of the period (current) and of the period before it (previous). */
export const figuresByStore = (
  db: Conn,
  stores: ReportStore[],
  prevStart: string,
  start: string,
  end: string,
) =>
  rows<OperateFigures & { netbar_id: number; current: boolean }>(
    db,
    sql`select netbar_id, day >= ${start}::date as current, ${SUMS} from report_store_day
        where netbar_id in (${storeIdsSql(stores)}) and day between ${prevStart}::date and ${end}::date
        group by 1, 2`,
  );
