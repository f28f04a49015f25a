import {
  fenToYuan,
  ORDER_SOURCE_LABELS,
  ORDER_SOURCES,
  SALES_RANK_BY,
  SALES_RANK_BY_LABELS,
  type SalesRankingAnswer,
  type SalesRankRow,
} from '@netbar/contract';
import { Card, Col, Form, Row, Select, type TableColumnsType, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { ReportPeriodPicker, StoreKeywordFields } from '../../../components/report-filters';
import { PrintButton, ReportPrintStyle } from '../../../components/report-print';
import { TotalsRow } from '../../../components/totals-row';
import { shanghaiNow } from '../../../lib/shanghai-day';
import { reportApi } from '../api/report-api';
import { reportKeys } from '../api/report-keys';
import { RankingChart, SharePie, sourceLabel } from '../components/sales-charts';

type Filters = {
  period?: [Dayjs, Dayjs];
  rank_by?: string;
  source?: string;
  store_id?: number;
  keyword?: string;
};
const last30 = (): [Dayjs, Dayjs] => [shanghaiNow().subtract(29, 'day'), shanghaiNow()];
const params = (f: Filters) => {
  const [a, b] = f.period ?? last30();
  return {
    start: a.format('YYYY-MM-DD'),
    end: b.format('YYYY-MM-DD'),
    rank_by: f.rank_by,
    source: f.source,
    store_id: f.store_id,
    keyword: f.keyword,
  };
};
const yuan = (title: string, key: keyof SalesRankRow) => ({
  title,
  dataIndex: key,
  width: 110,
  align: 'right' as const,
  render: (v: number) => fenToYuan(v),
});
const columns: TableColumnsType<SalesRankRow> = [
  { title: '排名', dataIndex: 'rank', width: 60 },
  {
    title: '商品',
    dataIndex: 'name',
    width: 200,
    render: (v: string, r) => (
      <>
        {v} {r.is_group && <Tag>套餐</Tag>}
      </>
    ),
  },
  { title: '分类', dataIndex: 'category_name', width: 110 },
  { title: '销量', dataIndex: 'qty', width: 80, align: 'right' },
  yuan('销售额(元)', 'revenue_fen'),
  yuan('成本(元)', 'cost_fen'),
  yuan('毛利(元)', 'profit_fen'),
];

/** /operating_statements/sales_ranking (237): goods by 销量, 销售额 or 毛利 over business days, by category and source. */
export default function SalesRankingPage() {
  const [answer, setAnswer] = useState<SalesRankingAnswer | null>(null);
  const stores = answer?.stores ?? [];
  return (
    <>
      <ReportPrintStyle />
      {answer && answer.count > 0 && (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          <Col xs={24} lg={12}>
            <Card size="small" title="本页商品销售额与毛利（元）" extra={<PrintButton />}>
              <RankingChart rows={answer.list} />
            </Card>
          </Col>
          <Col xs={24} md={12} lg={6}>
            <Card size="small" title="按分类">
              <SharePie
                title="分类销售额"
                parts={answer.by_category.map((c) => ({ ...c, name: c.category_name }))}
              />
            </Card>
          </Col>
          <Col xs={24} md={12} lg={6}>
            <Card size="small" title="按来源">
              <SharePie
                title="来源销售额"
                parts={answer.by_source.map((s) => ({ ...s, name: sourceLabel(s.source) }))}
              />
            </Card>
          </Col>
        </Row>
      )}
      <PageTable<SalesRankRow, Filters>
        title="销售排行"
        queryKey={reportKeys.salesRanking()}
        initialFilters={{ period: last30(), rank_by: 'qty' }}
        fetcher={async ({ page, page_size, ...f }) => {
          const d = await reportApi.salesRanking({ page, page_size, ...params(f) });
          setAnswer(d);
          return d;
        }}
        columns={columns}
        rowKey={(r) => `${r.rank}-${r.name}`}
        onExport={(f) => reportApi.exportSalesRanking(params(f))}
        summary={() =>
          answer && (
            <TotalsRow
              cells={[
                '',
                '',
                answer.totals.qty,
                fenToYuan(answer.totals.revenue_fen),
                fenToYuan(answer.totals.cost_fen),
                fenToYuan(answer.totals.profit_fen),
              ]}
            />
          )
        }
        filterFields={
          <>
            <Form.Item name="period">
              <ReportPeriodPicker />
            </Form.Item>
            <Form.Item name="rank_by">
              <Select
                aria-label="排序"
                style={{ width: 110 }}
                options={SALES_RANK_BY.map((k) => ({ value: k, label: `按${SALES_RANK_BY_LABELS[k]}` }))}
              />
            </Form.Item>
            <Form.Item name="source">
              <Select
                aria-label="来源"
                placeholder="全部来源"
                allowClear
                style={{ width: 120 }}
                options={ORDER_SOURCES.map((s) => ({ value: s, label: ORDER_SOURCE_LABELS[s] }))}
              />
            </Form.Item>
            <StoreKeywordFields stores={stores} show={stores.length > 1} keyword="商品名称" />
          </>
        }
      />
    </>
  );
}
