import {
  ENGINE_KIND_LABELS,
  ENGINE_KINDS,
  type EngineKind,
  fenToYuan,
  type PrizeStatRow,
} from '@netbar/contract';
import { Form, Select, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { ReportPeriodPicker, StoreSelect } from '../../../components/report-filters';
import { ReportPrintStyle } from '../../../components/report-print';
import { TotalsRow } from '../../../components/totals-row';
import { shanghaiNow } from '../../../lib/shanghai-day';
import { type PrizeStatisticsAnswer, reportApi } from '../api/report-api';
import { reportKeys } from '../api/report-keys';

type Filters = { period?: [Dayjs, Dayjs]; kind?: string; store_id?: number };
const last30 = (): [Dayjs, Dayjs] => [shanghaiNow().subtract(29, 'day'), shanghaiNow()];
const params = (f: Filters) => {
  const [a, b] = f.period ?? last30();
  return { start: a.format('YYYY-MM-DD'), end: b.format('YYYY-MM-DD'), kind: f.kind, store_id: f.store_id };
};
const columns: TableColumnsType<PrizeStatRow> = [
  { title: '日期', dataIndex: 'day', width: 110 },
  { title: '门店', dataIndex: 'store_name', width: 160 },
  { title: '活动', dataIndex: 'activity_name', width: 180 },
  {
    title: '活动类型',
    dataIndex: 'kind',
    width: 110,
    render: (k: string) => ENGINE_KIND_LABELS[k as EngineKind] ?? k,
  },
  { title: '发放奖品数', dataIndex: 'prizes', width: 100, align: 'right' },
  {
    title: '奖品成本(元)',
    dataIndex: 'cost_fen',
    width: 120,
    align: 'right',
    render: (v: number) => fenToYuan(v),
  },
  { title: '覆盖会员数', dataIndex: 'members', width: 100, align: 'right' },
];

/**
 * /operating_statements/prize_statistics (248, decision 178): prizes the activities issued by day, store,
 * activity and kind — count, cost to the store, members reached; 合计 with distinct members; export.
 */
export default function PrizeStatisticsPage() {
  const [answer, setAnswer] = useState<PrizeStatisticsAnswer | null>(null);
  const stores = answer?.stores ?? [];
  return (
    <>
      <ReportPrintStyle />
      <PageTable<PrizeStatRow, Filters>
        title="奖品统计"
        queryKey={reportKeys.prizeStatistics()}
        initialFilters={{ period: last30() }}
        fetcher={async ({ page, page_size, ...f }) => {
          const d = await reportApi.prizeStatistics({ page, page_size, ...params(f) });
          setAnswer(d);
          return d;
        }}
        columns={columns}
        rowKey={(r) => `${r.day}-${r.activity_id}`}
        onExport={(f) => reportApi.exportPrizeStatistics(params(f))}
        summary={() =>
          answer && (
            <TotalsRow
              cells={[
                '',
                '',
                '',
                answer.totals.prizes,
                fenToYuan(answer.totals.cost_fen),
                answer.totals.members,
              ]}
            />
          )
        }
        filterFields={
          <>
            <Form.Item name="period">
              <ReportPeriodPicker />
            </Form.Item>
            <Form.Item name="kind">
              <Select
                aria-label="活动类型"
                placeholder="全部活动类型"
                allowClear
                style={{ width: 140 }}
                options={ENGINE_KINDS.map((k) => ({ value: k, label: ENGINE_KIND_LABELS[k] }))}
              />
            </Form.Item>
            {stores.length > 1 && (
              <Form.Item name="store_id">
                <StoreSelect stores={stores} width={160} />
              </Form.Item>
            )}
          </>
        }
      />
    </>
  );
}
