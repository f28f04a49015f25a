import {
  OPLOG_RESULT_LABELS,
  type OplogRow,
  shanghaiDateTime,
  USER_TYPE_LABELS,
  type UserTypeValue,
} from '@netbar/contract';
import type { Column } from '../../lib/xlsx-stream.ts';

/** Seconds since the epoch → Beijing 'YYYY-MM-DD HH:mm:ss' (the contract's one home for CST). */
const fmt = (epoch: number) => shanghaiDateTime(epoch * 1000);

/** Columns of the operation log export (lib/xlsx-stream.ts writes it; its last row counts the rows written). */
export const OPLOG_COLUMNS: Column<OplogRow>[] = [
  { header: '时间', width: 20, value: (r) => fmt(r.at) },
  { header: '账号', width: 18, value: (r) => r.user_name },
  {
    header: '账号类型',
    width: 12,
    value: (r) => (r.user_type ? (USER_TYPE_LABELS[r.user_type as UserTypeValue] ?? '') : ''),
  },
  { header: 'IP', width: 16, value: (r) => r.ip },
  { header: '操作', width: 24, value: (r) => r.action },
  { header: '对象', width: 30, value: (r) => r.target },
  { header: '结果', width: 8, value: (r) => OPLOG_RESULT_LABELS[r.result] },
  { header: '说明', width: 30, value: (r) => r.detail },
];
