import {
  DEAD_STOCK_DEFAULT_DAYS,
  type DeadStockAnswer,
  type DeadStockRow,
  fenToYuan,
} from '@netbar/contract';
import { Card, Form, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { StoreKeywordFields } from '../../../components/report-filters';
import { PrintButton, ReportPrintStyle } from '../../../components/report-print';
import { TotalsRow } from '../../../components/totals-row';
import { exportDeadStock, fetchDeadStock } from '../api/stock-api';
import { stockKeys } from '../api/stock-keys';
import { DeadDaysField } from '../components/dead-days-field';
import { DeadStockChart } from '../components/dead-stock-chart';

type Filters = { days?: number; store_id?: number; keyword?: string };
const params = (f: Filters) => ({
  days: f.days ?? DEAD_STOCK_DEFAULT_DAYS,
  store_id: f.store_id,
  keyword: f.keyword,
});

const baseColumns: TableColumnsType<DeadStockRow> = [
  { title: '商品名称', dataIndex: 'name', width: 200 },
  { title: '分类', dataIndex: 'category_name', width: 110 },
  { title: '单位', dataIndex: 'unit', width: 60 },
  { title: '库存数量', dataIndex: 'qty', width: 90, align: 'right' },
  {
    title: '库存金额(元)',
    dataIndex: 'value_fen',
    width: 120,
    align: 'right',
    render: (v: number) => fenToYuan(v),
  },
  { title: '最后销售', dataIndex: 'last_sale_at', width: 170, render: (v: string | null) => v ?? '从未销售' },
  { title: '最后入库', dataIndex: 'last_in_at', width: 170, render: (v: string | null) => v ?? '—' },
  {
    title: '滞销天数',
    dataIndex: 'idle_days',
    width: 90,
    align: 'right',
    render: (v: number | null) => v ?? '—',
  },
];

/** /operating_statements/dead_stock (238): goods with stock and no sale in N days, most value tied up first. */
export default function DeadStockPage() {
  const [answer, setAnswer] = useState<DeadStockAnswer | null>(null);
  const stores = answer?.stores ?? [];
  const many = stores.length > 1;
  const columns: TableColumnsType<DeadStockRow> = many
    ? [{ title: '门店', dataIndex: 'store_name', width: 130 }, ...baseColumns]
    : baseColumns;
  const lead = many ? 4 : 3;
  return (
    <>
      <ReportPrintStyle />
      {answer && answer.list.length > 0 && (
        <Card
          size="small"
          title="本页滞销商品库存金额（元）"
          style={{ marginBottom: 16 }}
          extra={<PrintButton />}
        >
          <DeadStockChart rows={answer.list} />
        </Card>
      )}
      <PageTable<DeadStockRow, Filters>
        title="滞销统计"
        queryKey={stockKeys.deadStock()}
        initialFilters={{ days: DEAD_STOCK_DEFAULT_DAYS }}
        fetcher={async ({ page, page_size, ...f }) => {
          const d = await fetchDeadStock({ page, page_size, ...params(f) });
          setAnswer(d);
          return d;
        }}
        columns={columns}
        rowKey={(r) => `${r.store_id}-${r.item_id}`}
        onExport={(f) => exportDeadStock(params(f))}
        summary={() =>
          answer && (
            <TotalsRow
              cells={[
                ...Array.from({ length: lead - 1 }, () => ''),
                answer.totals.qty,
                fenToYuan(answer.totals.value_fen),
                '',
                '',
                '',
              ]}
            />
          )
        }
        filterFields={
          <>
            <Form.Item name="days">
              <DeadDaysField />
            </Form.Item>
            <StoreKeywordFields stores={stores} show={many} keyword="商品名称或条码" />
          </>
        }
      />
    </>
  );
}
