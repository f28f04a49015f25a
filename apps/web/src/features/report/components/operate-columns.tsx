import { fenToYuan, type OperateFigures, type OperateRow, type OperateStoreColumn } from '@netbar/contract';
import type { TableColumnsType } from 'antd';
import { Change } from './operate-cards';

/** The figures every 经营统计 table shows, in the export's order. */
export const FIGURE_COLUMNS: [keyof OperateFigures, string, 'fen' | 'count'][] = [
  ['online_fen', '上网费(元)', 'fen'],
  ['goods_fen', '商品销售(元)', 'fen'],
  ['desk_fen', '包间桌台(元)', 'fen'],
  ['lease_fen', '租赁(元)', 'fen'],
  ['revenue_fen', '营业收入(元)', 'fen'],
  ['topup_fen', '充值本金(元)', 'fen'],
  ['bonus_fen', '赠送奖励(元)', 'fen'],
  ['refund_fen', '退款(元)', 'fen'],
  ['cash_fen', '现金净收(元)', 'fen'],
  ['scan_fen', '扫码净收(元)', 'fen'],
  ['member_fen', '会员余额支付(元)', 'fen'],
  ['net_cash_fen', '实收净额(元)', 'fen'],
  ['orders', '订单数', 'count'],
  ['sessions', '上机次数', 'count'],
  ['imported_fen', '历史导入收款(元)', 'fen'],
];

const show = (v: number, kind: 'fen' | 'count') => (kind === 'fen' ? fenToYuan(v) : v);
const figureCols = <T extends OperateFigures>(): TableColumnsType<T> =>
  FIGURE_COLUMNS.map(([k, title, kind]) => ({
    title,
    dataIndex: k,
    align: 'right' as const,
    width: kind === 'fen' ? 110 : 80,
    render: (v: number) =>
      k === 'revenue_fen' || k === 'net_cash_fen' ? <b>{show(v, kind)}</b> : show(v, kind),
  }));

export const rowColumns = (): TableColumnsType<OperateRow> => [
  { title: '周期', dataIndex: 'label', fixed: 'left', width: 190 },
  ...figureCols<OperateRow>(),
];

/** The 合计 cells after the label, in FIGURE_COLUMNS order. */
export const totalsCells = (t: OperateFigures) => FIGURE_COLUMNS.map(([k, , kind]) => show(t[k], kind));

type StoreRow = OperateFigures & { id: number; name: string; previous: OperateFigures };
export const storeRows = (stores: OperateStoreColumn[]): StoreRow[] =>
  stores.map((s) => ({ ...s.totals, id: s.id, name: s.name, previous: s.previous }));

export const storeColumns = (): TableColumnsType<StoreRow> => [
  { title: '门店', dataIndex: 'name', fixed: 'left', width: 150 },
  ...figureCols<StoreRow>(),
  {
    title: '营业收入环比',
    key: 'change',
    align: 'right',
    width: 110,
    render: (_: unknown, r: StoreRow) => <Change now={r.revenue_fen} before={r.previous.revenue_fen} />,
  },
];
