import { PlusOutlined } from '@ant-design/icons';
import {
  DOC_STATUS_LABELS,
  type DocRow,
  type DocStatus,
  fenToYuan,
  isStockDocType,
  stockDocTitle,
} from '@netbar/contract';
import { Button, Popconfirm, Result, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PageTable } from '../../../components/page-table';
import { fetchDocs } from '../api/stock-api';
import { stockKeys } from '../api/stock-keys';
import { useDeleteDoc, usePostDoc } from '../api/stock-mutations';
import { DocDetailDrawer } from '../components/doc-detail-drawer';
import { DocFormModal } from '../components/doc-form-modal';
import { DocLinks } from '../components/doc-links';

const STATUS_COLOR: Record<DocStatus, string> = { draft: 'default', approved: 'blue', posted: 'green' };

/** /stock/warehousing_list?stockType=… (1591): the documents of one type; its title follows stockType. */
export default function WarehousingPage() {
  const post = usePostDoc({ success: '过账成功' });
  const remove = useDeleteDoc();
  const [params] = useSearchParams();
  const type = params.get('stockType') ?? 'goods_in';
  const [creating, setCreating] = useState(false);
  const [detail, setDetail] = useState<number | null>(null);
  // Count sheets have their own screen (approval, counted quantities): 盘点单 lives at /stock/inventory.
  if (type === 'check') return <Navigate to="/stock/inventory" replace />;
  if (!isStockDocType(type)) return <Result status="404" title="单据类型不存在" extra={<DocLinks />} />;
  const title = stockDocTitle(type)!;
  const columns: TableColumnsType<DocRow> = [
    {
      title: '单号',
      dataIndex: 'doc_no',
      render: (n: string, r) => (
        <Button type="link" size="small" onClick={() => setDetail(r.id)}>
          {n}
        </Button>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (s: DocStatus) => <Tag color={STATUS_COLOR[s]}>{DOC_STATUS_LABELS[s]}</Tag>,
    },
    { title: '明细数', dataIndex: 'line_count', width: 80 },
    { title: '总数量', dataIndex: 'total_qty', width: 90 },
    { title: '金额(元)', dataIndex: 'total_cost_fen', width: 110, render: (f: number) => fenToYuan(f) },
    { title: '制单人', dataIndex: 'created_name', width: 100 },
    { title: '制单时间', dataIndex: 'created_at', width: 170 },
    { title: '过账', width: 220, render: (_, r) => (r.posted_at ? `${r.posted_name} ${r.posted_at}` : '') },
    { title: '备注', dataIndex: 'remark' },
    {
      title: '操作',
      width: 140,
      render: (_, r) =>
        r.status === 'draft' && (
          <Space>
            <Popconfirm title="过账后库存立即变动，确定过账？" onConfirm={() => post.mutate(r.id)}>
              <Button type="link" size="small">
                过账
              </Button>
            </Popconfirm>
            <Popconfirm title="确定删除该草稿？" onConfirm={() => remove.mutate(r.id)}>
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];
  return (
    <>
      <PageTable<DocRow>
        key={type}
        title={title}
        queryKey={stockKeys.docs(type)}
        fetcher={(p) => fetchDocs({ ...p, doc_type: type })}
        columns={columns}
        rowKey="id"
        toolbar={
          <>
            <DocLinks />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              新建{title}
            </Button>
          </>
        }
      />
      <DocFormModal key={`form-${type}`} type={type} open={creating} onClose={() => setCreating(false)} />
      <DocDetailDrawer id={detail} onClose={() => setDetail(null)} />
    </>
  );
}
