import type { ImportedCollectionRow, Pager } from '@netbar/contract';
import { DatePicker, Form, type TableColumnsType, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { PageTable } from '../../../components/page-table';
import { TotalsRow } from '../../../components/totals-row';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';
import { payConsoleKeys } from '../api/pay-console-keys';
import { yuan } from './trade-labels';

/** The filter form's value: a pair of Beijing days of 支付时间. */
interface ImportedFilters extends Record<string, unknown> {
  period?: [Dayjs, Dayjs] | null;
}
type ImportedPage = Pager<ImportedCollectionRow> & { total_fen: number };

const days = (f: ImportedFilters) =>
  f.period ? { start: f.period[0].format('YYYY-MM-DD'), end: f.period[1].format('YYYY-MM-DD') } : {};

export const fetchImportedCollections = async (q: ImportedFilters & { page: number; page_size: number }) =>
  (
    await http.get<ImportedPage>('/api/v1/imported_collection_list', {
      ...days(q),
      page: q.page,
      page_size: q.page_size,
    })
  ).data;

const columns: TableColumnsType<ImportedCollectionRow> = [
  { title: '交易号', dataIndex: 'trade_no' },
  {
    title: '来源',
    dataIndex: 'source',
    render: (s: string, r) => (
      <>
        <Tag color="default">{s}</Tag>
        {r.product_name}
      </>
    ),
  },
  { title: '方式', dataIndex: 'method' },
  { title: '付款人', dataIndex: 'payer' },
  { title: '金额', dataIndex: 'amount_fen', align: 'right', render: yuan },
  { title: '支付时间', dataIndex: 'paid_at', width: 170 },
];

/**
 * 历史导入 tab of the payment records (decision 194): the online collection brought over from the old
 * product, read-only (no 申请退款), with its own day filter, total and export.
 */
export function ImportedCollectionsTable() {
  return (
    <PageTable<ImportedCollectionRow, ImportedFilters>
      title="原系统收款记录（只读）"
      queryKey={payConsoleKeys.importedCollections()}
      fetcher={fetchImportedCollections}
      columns={columns}
      rowKey="id"
      size="small"
      filterFormName="imported-collections"
      filterFields={
        <Form.Item name="period" label="支付日期">
          <DatePicker.RangePicker aria-label="支付日期" placeholder={['开始日期', '结束日期']} />
        </Form.Item>
      }
      onExport={(f) => downloadFile('/api/v1/imported_collection_export', days(f), '历史导入收款.xlsx')}
      summary={(p) => <TotalsRow cells={['', '', '', yuan((p as ImportedPage).total_fen), '']} />}
    />
  );
}
