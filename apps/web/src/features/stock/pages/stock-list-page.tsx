import {
  fenToYuan,
  ITEM_KIND_LABELS,
  NEGATIVE_POLICY_LABELS,
  type NegativePolicyValue,
  STOCK_LOCATION_LABELS,
  type StockRow,
  type StockTotals,
} from '@netbar/contract';
import { Form, Input, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { ItemKindSelect, LocationSelect } from '../../../components/stock-selects';
import { exportStock, fetchStock } from '../api/stock-api';
import { stockKeys } from '../api/stock-keys';
import { useSaveSetting } from '../api/stock-mutations';
import { useStockSetting } from '../api/stock-queries';
import { DocLinks } from '../components/doc-links';

/** /stock/stock_list (73): quantity and value at cost per item and location, low-stock flag, export. */
export default function StockListPage() {
  const [totals, setTotals] = useState<StockTotals | null>(null);
  const setting = useStockSetting();
  const saveSetting = useSaveSetting({ success: '已保存负库存策略' });
  const columns: TableColumnsType<StockRow> = [
    {
      title: '类型',
      dataIndex: 'item_kind',
      width: 70,
      render: (k: StockRow['item_kind']) => (
        <Tag color={k === 'goods' ? 'blue' : 'purple'}>{ITEM_KIND_LABELS[k]}</Tag>
      ),
    },
    { title: '名称', dataIndex: 'name' },
    {
      title: '库位',
      dataIndex: 'location',
      width: 80,
      render: (l: StockRow['location']) => STOCK_LOCATION_LABELS[l],
    },
    {
      title: '数量',
      dataIndex: 'qty',
      width: 100,
      align: 'right',
      render: (q: number, r) => (
        <span style={{ color: q < 0 ? '#cf1322' : undefined }}>
          {q} {r.unit}
        </span>
      ),
    },
    {
      title: '平均成本(元)',
      dataIndex: 'cost_fen',
      width: 120,
      align: 'right',
      render: (f: number) => fenToYuan(f),
    },
    {
      title: '库存金额(元)',
      dataIndex: 'value_fen',
      width: 130,
      align: 'right',
      render: (f: number) => fenToYuan(f),
    },
    {
      title: '预警',
      dataIndex: 'low',
      width: 100,
      render: (low: boolean, r) =>
        low ? (
          <Tag color="red">库存不足</Tag>
        ) : r.low_stock ? (
          <span style={{ color: '#666' }}>≤{r.low_stock}</span>
        ) : (
          ''
        ),
    },
  ];
  return (
    <PageTable<StockRow>
      title={
        <Space size="large">
          <span>库存列表</span>
          {totals && (
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              合计数量 {totals.qty}，库存金额 {fenToYuan(totals.value_fen)} 元
            </Typography.Text>
          )}
        </Space>
      }
      queryKey={stockKeys.list()}
      fetcher={async (p) => {
        const d = await fetchStock(p);
        setTotals(d.totals);
        return d;
      }}
      columns={columns}
      rowKey={(r) => `${r.item_kind}-${r.item_id}-${r.location}`}
      onExport={exportStock}
      rowClassName={(r) => (r.low ? 'stock-low' : '')}
      filterFields={
        <>
          <Form.Item name="keyword">
            <Input aria-label="名称或条码" placeholder="名称或条码" allowClear />
          </Form.Item>
          <Form.Item name="item_kind">
            <ItemKindSelect />
          </Form.Item>
          <Form.Item name="location">
            <LocationSelect />
          </Form.Item>
          <Form.Item name="low_only">
            <Select
              aria-label="预警"
              placeholder="预警"
              allowClear
              style={{ width: 120 }}
              options={[{ value: '1', label: '只看库存不足' }]}
            />
          </Form.Item>
        </>
      }
      toolbar={
        <>
          <Select<NegativePolicyValue>
            style={{ width: 170 }}
            value={setting.data?.negative_policy}
            aria-label="负库存策略"
            options={(['refuse', 'warn'] as const).map((v) => ({
              value: v,
              label: NEGATIVE_POLICY_LABELS[v],
            }))}
            onChange={(v) => saveSetting.mutate(v)}
          />
          <DocLinks />
        </>
      }
    />
  );
}
