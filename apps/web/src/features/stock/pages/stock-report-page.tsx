import {
  fenToYuan,
  ITEM_KIND_LABELS,
  REPORT_FIGURE_LABELS,
  REPORT_FIGURES,
  type ReportRow,
  type ReportTotals,
} from '@netbar/contract';
import { Alert, Card, DatePicker, Form, Input, Table, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { ItemKindSelect, LocationSelect } from '../../../components/stock-selects';
import { shanghaiNow } from '../../../lib/shanghai-day';
import { exportReport, fetchReport } from '../api/stock-api';
import { stockKeys } from '../api/stock-keys';

type Filters = { period?: [Dayjs, Dayjs]; item_kind?: string; location?: string; keyword?: string };
const toParams = (f: Filters) => {
  const [a, b] = f.period ?? thisMonth();
  return Object.fromEntries(
    Object.entries({
      start: a.format('YYYY-MM-DD'),
      end: b.format('YYYY-MM-DD'),
      item_kind: f.item_kind,
      location: f.location,
      keyword: f.keyword,
    }).filter(([, v]) => v),
  );
};

/** This month up to today, Beijing time. */
const thisMonth = (): [Dayjs, Dayjs] => [shanghaiNow().startOf('month'), shanghaiNow()];

/** How each movement counts: stock going out (销售, 报损, 出库) is shown as a negative change. */
export const FIGURE_SIGNS: Partial<Record<(typeof REPORT_FIGURES)[number], string>> = {
  in: '（+）',
  out: '（−）',
  transfer: '（±）',
  sale: '（−）',
  loss: '（−）',
  check: '（±）',
};
export const REPORT_LEGEND =
  '各项按库存变动记数：入库为正；出库、销售、报损使库存减少，显示为负数；调拨、盘点差异按增减记正负。期末 = 期初 + 各项变动。';

/** One column group per report figure (期初, 入库 …): 数量 and 金额(元). */
const figureColumns = <T,>(): TableColumnsType<T> =>
  REPORT_FIGURES.map((f) => ({
    title: `${REPORT_FIGURE_LABELS[f]}${FIGURE_SIGNS[f] ?? ''}`,
    children: [
      { title: '数量', dataIndex: `${f}_qty`, width: 80, align: 'right' as const },
      {
        title: '金额(元)',
        dataIndex: `${f}_fen`,
        width: 100,
        align: 'right' as const,
        render: (v: number) => fenToYuan(v),
      },
    ],
  }));

/** /operating_statements/stock_report (249): per item and period, opening, movements and closing, with values; totals as in the export. */
export default function StockReportPage() {
  const [totals, setTotals] = useState<ReportTotals | null>(null);
  const columns: TableColumnsType<ReportRow> = [
    {
      title: '类型',
      dataIndex: 'item_kind',
      width: 60,
      fixed: 'left',
      render: (k: ReportRow['item_kind']) => ITEM_KIND_LABELS[k],
    },
    { title: '名称', dataIndex: 'name', width: 180, fixed: 'left' },
    ...figureColumns<ReportRow>(),
  ];
  return (
    <>
      <Alert type="info" showIcon title={REPORT_LEGEND} style={{ marginBottom: 12 }} />
      <PageTable<ReportRow, Filters>
        title="库存报表"
        queryKey={stockKeys.report()}
        initialFilters={{ period: thisMonth() }}
        fetcher={async ({ page, page_size, ...f }) => {
          const d = await fetchReport({ page, page_size, ...toParams(f) });
          setTotals(d.totals);
          return d;
        }}
        columns={columns}
        rowKey={(r) => `${r.item_kind}-${r.item_id}`}
        onExport={(f) => exportReport(toParams(f))}
        filterFields={
          <>
            <Form.Item name="period">
              <DatePicker.RangePicker aria-label="统计时段" allowClear={false} />
            </Form.Item>
            <Form.Item name="item_kind">
              <ItemKindSelect />
            </Form.Item>
            <Form.Item name="location">
              <LocationSelect placeholder="全部库位" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="keyword">
              <Input aria-label="名称或条码" placeholder="名称或条码" allowClear />
            </Form.Item>
          </>
        }
      />
      {totals && <TotalsCard totals={totals} />}
    </>
  );
}

function TotalsCard({ totals }: { totals: ReportTotals }) {
  const columns = figureColumns<ReportTotals>();
  return (
    <Card title="合计（全部页，与导出文件一致）" size="small" style={{ marginTop: 16 }}>
      <Table<ReportTotals>
        size="small"
        bordered
        rowKey={() => 'totals'}
        pagination={false}
        dataSource={[totals]}
        columns={columns}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
