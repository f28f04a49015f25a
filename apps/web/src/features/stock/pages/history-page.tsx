import {
  fenToYuan,
  STOCK_DOC_INFO,
  STOCK_DOC_TYPES,
  STOCK_LOCATION_LABELS,
  type StockLedgerRow,
} from '@netbar/contract';
import { DatePicker, Form, Select, type TableColumnsType, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { FilterSelect } from '../../../components/filter-select';
import { PageTable } from '../../../components/page-table';
import { LocationSelect } from '../../../components/stock-selects';
import { exportLedger, fetchItemOptions, fetchLedger, STOCK_KEY } from '../api/stock-api';

const refLabel = (t: string) =>
  t === 'sale'
    ? '销售'
    : t === 'sale_refund'
      ? '销售退货'
      : (STOCK_DOC_INFO[t as keyof typeof STOCK_DOC_INFO]?.title ?? t);
type Filters = { item?: string; ref_type?: string; location?: string; period?: [Dayjs, Dayjs] };
const toParams = (f: Filters) => {
  const [kind, id] = f.item ? f.item.split(':') : [];
  return {
    item_kind: kind,
    item_id: id,
    ref_type: f.ref_type,
    location: f.location,
    start: f.period?.[0]?.format('YYYY-MM-DD'),
    end: f.period?.[1]?.format('YYYY-MM-DD'),
  };
};

/** /stock/historical_Records (147): the stock ledger per item and location, with its document or sale and who made it. */
export default function HistoryPage() {
  const columns: TableColumnsType<StockLedgerRow> = [
    { title: '时间', dataIndex: 'at', width: 170 },
    { title: '名称', dataIndex: 'name' },
    {
      title: '库位',
      dataIndex: 'location',
      width: 70,
      render: (l: StockLedgerRow['location']) => STOCK_LOCATION_LABELS[l],
    },
    {
      title: '业务',
      dataIndex: 'ref_type',
      width: 90,
      render: (t: string) => (
        <Tag color={t === 'sale' || t === 'sale_refund' ? 'green' : t === 'check' ? 'gold' : 'blue'}>
          {refLabel(t)}
        </Tag>
      ),
    },
    { title: '单号', dataIndex: 'ref_no', width: 190 },
    { title: '变动前', dataIndex: 'qty_before', width: 80, align: 'right' },
    {
      title: '变动',
      dataIndex: 'delta',
      width: 80,
      align: 'right',
      render: (d: number) => (
        <span style={{ color: d < 0 ? '#cf1322' : '#237804' }}>{d > 0 ? `+${d}` : d}</span>
      ),
    },
    {
      title: '变动后',
      dataIndex: 'qty_after',
      width: 80,
      align: 'right',
      render: (q: number, r) => `${q} ${r.unit}`,
    },
    {
      title: '成本(元)',
      dataIndex: 'cost_fen',
      width: 90,
      align: 'right',
      render: (f: number) => fenToYuan(f),
    },
    { title: '操作人', dataIndex: 'user_name', width: 100 },
  ];
  return (
    <PageTable<StockLedgerRow, Filters>
      title="历史记录"
      queryKey={[...STOCK_KEY, 'ledger']}
      fetcher={({ page, page_size, after, ...f }) => fetchLedger({ page, page_size, after, ...toParams(f) })}
      columns={columns}
      rowKey="id"
      onExport={(f) => exportLedger(toParams(f))}
      filterFields={
        <>
          <Form.Item name="item">
            <FilterSelect
              placeholder="商品或原料"
              style={{ width: 220 }}
              loader={async () =>
                (await fetchItemOptions()).map((i) => ({
                  value: `${i.item_kind}:${i.item_id}`,
                  label: i.name,
                }))
              }
            />
          </Form.Item>
          <Form.Item name="ref_type">
            <Select
              aria-label="业务类型"
              placeholder="业务类型"
              allowClear
              style={{ width: 120 }}
              options={[
                ...STOCK_DOC_TYPES.map((t) => ({
                  value: t,
                  label: `${refLabel(t)}${t.startsWith('mater') ? '(原料)' : ''}`,
                })),
                { value: 'sale', label: '销售' },
                { value: 'sale_refund', label: '销售退货' },
              ]}
            />
          </Form.Item>
          <Form.Item name="location">
            <LocationSelect />
          </Form.Item>
          <Form.Item name="period">
            <DatePicker.RangePicker aria-label="统计时段" />
          </Form.Item>
        </>
      }
    />
  );
}
