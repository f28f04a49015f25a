import {
  DOC_STATUS_LABELS,
  type DocLineRow,
  type DocRow,
  type DocStatus,
  fenToYuan,
  STOCK_LOCATION_LABELS,
} from '@netbar/contract';
import {
  Alert,
  Button,
  Card,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Statistic,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { feedback } from '../../../lib/feedback';
import { fetchDocs } from '../api/stock-api';
import { stockKeys } from '../api/stock-keys';
import { useApproveCheck, useEnterCounts, useOpenCheck, usePostDoc } from '../api/stock-mutations';
import { useStockDoc } from '../api/stock-queries';

/** /stock/inventory (1592): count sheets. Counting goes on while the shop trades; posting keeps the sales made meanwhile. */
export default function InventoryPage() {
  const [current, setCurrent] = useState<number | null>(null);
  const [location, setLocation] = useState<'warehouse' | 'counter'>('counter');
  const [edits, setEdits] = useState<Record<number, number | null>>({});
  const [scan, setScan] = useState('');
  const sheet = useStockDoc(current);
  const counts = useEnterCounts();
  const approve = useApproveCheck({ success: '审核通过' });
  const post = usePostDoc({ success: '盘点已过账' });
  const open = useOpenCheck({
    onSuccess: (r) => {
      setCurrent(r.data.id);
      feedback.success(`已开始盘点：${r.data.doc_no}`);
    },
  });
  const d = sheet.data;
  const draft = d?.status === 'draft';

  const saveCounts = () => {
    const lines = Object.entries(edits)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([id, v]) => ({ line_id: Number(id), counted_qty: v as number }));
    if (!lines.length) return;
    counts.mutate(
      { id: current as number, mode: 'set', lines },
      {
        onSuccess: () => {
          setEdits({});
          feedback.success('盘点数量已保存');
        },
      },
    );
  };
  const scanOne = () => {
    const code = scan.trim();
    if (!code) return;
    counts.mutate(
      { id: current as number, mode: 'add', lines: [{ barcode: code, counted_qty: 1 }] },
      { onSuccess: () => setScan('') },
    );
  };

  const lineCols: TableColumnsType<DocLineRow> = [
    { title: '名称', dataIndex: 'name' },
    { title: '条码', dataIndex: 'barcode', width: 140 },
    { title: '开盘账面', dataIndex: 'book_qty', width: 90, align: 'right' },
    {
      title: '实盘数量',
      width: 130,
      render: (_, l) =>
        draft ? (
          <InputNumber
            aria-label={`实盘-${l.name}`}
            min={0}
            precision={0}
            value={edits[l.id] ?? l.counted_qty ?? undefined}
            onChange={(v) => setEdits({ ...edits, [l.id]: v })}
            style={{ width: 110 }}
          />
        ) : (
          (l.counted_qty ?? '未盘')
        ),
    },
    {
      title: '差异',
      dataIndex: 'diff_qty',
      width: 80,
      align: 'right',
      render: (x: number | null) =>
        x === null ? (
          ''
        ) : (
          <span style={{ color: x < 0 ? '#cf1322' : x > 0 ? '#237804' : undefined }}>
            {x > 0 ? `+${x}` : x}
          </span>
        ),
    },
    {
      title: '差异金额(元)',
      width: 120,
      align: 'right',
      render: (_, l) => (l.diff_qty === null ? '' : fenToYuan(l.diff_qty * l.cost_fen)),
    },
    {
      title: '盘点期间变动',
      dataIndex: 'moved_qty',
      width: 120,
      align: 'right',
      render: (m: number | null) => m ?? '',
    },
  ];
  const counted = d?.lines.filter((l) => l.counted_qty !== null) ?? [];
  const diffValue = counted.reduce((s, l) => s + (l.diff_qty ?? 0) * l.cost_fen, 0);

  const docCols: TableColumnsType<DocRow> = [
    {
      title: '单号',
      dataIndex: 'doc_no',
      render: (n: string, r) => (
        <Button type="link" size="small" onClick={() => setCurrent(r.id)}>
          {n}
        </Button>
      ),
    },
    {
      title: '库位',
      dataIndex: 'location',
      render: (l: DocRow['location']) => (l ? STOCK_LOCATION_LABELS[l] : ''),
    },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: DocStatus) => (
        <Tag color={s === 'posted' ? 'green' : s === 'approved' ? 'blue' : 'default'}>
          {DOC_STATUS_LABELS[s]}
        </Tag>
      ),
    },
    { title: '差异数量', dataIndex: 'total_qty' },
    { title: '差异金额(元)', dataIndex: 'total_cost_fen', render: (f: number) => fenToYuan(f) },
    { title: '开盘', render: (_, r) => `${r.created_name} ${r.created_at}` },
    { title: '审核', dataIndex: 'approved_name' },
    { title: '过账', render: (_, r) => (r.posted_at ? `${r.posted_name} ${r.posted_at}` : '') },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {d && (
        <Card
          title={`盘点单 ${d.doc_no}（${d.location ? STOCK_LOCATION_LABELS[d.location] : ''}）`}
          extra={
            <Space>
              <Tag color={d.status === 'posted' ? 'green' : 'blue'}>{DOC_STATUS_LABELS[d.status]}</Tag>
              {draft && (
                <Button onClick={saveCounts} disabled={!Object.keys(edits).length}>
                  保存盘点数量
                </Button>
              )}
              {draft && (
                <Popconfirm title="审核后不能再修改数量，确定审核？" onConfirm={() => approve.mutate(d.id)}>
                  <Button>审核</Button>
                </Popconfirm>
              )}
              {d.status === 'approved' && (
                <Popconfirm title="确定过账？差异将计入库存" onConfirm={() => post.mutate(d.id)}>
                  <Button type="primary">过账</Button>
                </Popconfirm>
              )}
              <Button onClick={() => setCurrent(null)}>关闭</Button>
            </Space>
          }
        >
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title="盘点期间可以正常营业：过账时按“实盘 − 开盘账面”调整库存，盘点期间的销售和出入库会保留在结果中。"
          />
          <Space size="large" style={{ marginBottom: 12 }}>
            <Statistic title="已盘商品" value={counted.length} suffix={`/ ${d.lines.length}`} />
            <Statistic
              title="差异金额(元)"
              value={fenToYuan(diffValue)}
              valueStyle={{ color: diffValue < 0 ? '#cf1322' : undefined }}
            />
            {draft && (
              <Input.Search
                placeholder="扫码枪录入条码（每次加 1）"
                enterButton="录入"
                value={scan}
                onChange={(e) => setScan(e.target.value)}
                onSearch={scanOne}
                style={{ width: 320 }}
              />
            )}
          </Space>
          <Table<DocLineRow>
            size="small"
            rowKey="id"
            columns={lineCols}
            dataSource={d.lines}
            pagination={{ pageSize: 20, showTotal: (n) => `共 ${n} 条` }}
          />
        </Card>
      )}
      <PageTable<DocRow>
        title="盘点单"
        queryKey={stockKeys.docs('check')}
        fetcher={(p) => fetchDocs({ ...p, doc_type: 'check' })}
        columns={docCols}
        rowKey="id"
        toolbar={
          <Space>
            <Select
              aria-label="盘点库位"
              value={location}
              onChange={setLocation}
              style={{ width: 100 }}
              options={[
                { value: 'counter', label: '吧台' },
                { value: 'warehouse', label: '仓库' },
              ]}
            />
            <Button type="primary" loading={open.isPending} onClick={() => open.mutate(location)}>
              开始盘点
            </Button>
          </Space>
        }
      />
    </Space>
  );
}
