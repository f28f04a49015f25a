import {
  DOC_STATUS_LABELS,
  type DocLineRow,
  fenToYuan,
  STOCK_DOC_INFO,
  STOCK_LOCATION_LABELS,
} from '@netbar/contract';
import { Descriptions, Drawer, Table } from 'antd';
import { useStockDoc } from '../api/stock-queries';

/** A document with its lines: quantities and costs, who created, approved and posted it. */
export function DocDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useStockDoc(id);
  const d = q.data;
  const check = d?.doc_type === 'check';
  return (
    <Drawer
      title={d ? `${STOCK_DOC_INFO[d.doc_type].title} ${d.doc_no}` : '单据详情'}
      open={!!id}
      width={820}
      onClose={onClose}
    >
      {d && (
        <>
          <Descriptions
            size="small"
            column={3}
            bordered
            items={[
              { label: '状态', children: DOC_STATUS_LABELS[d.status] },
              { label: '制单', children: `${d.created_name} ${d.created_at}` },
              { label: '过账', children: d.posted_at ? `${d.posted_name} ${d.posted_at}` : '未过账' },
              ...(check
                ? [
                    { label: '库位', children: d.location ? STOCK_LOCATION_LABELS[d.location] : '' },
                    { label: '审核', children: d.approved_name || '未审核' },
                  ]
                : []),
              { label: '备注', children: d.remark || '无' },
            ]}
          />
          <Table<DocLineRow>
            style={{ marginTop: 16 }}
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={check ? d.lines.filter((l) => l.counted_qty !== null) : d.lines}
            columns={
              check
                ? [
                    { title: '名称', dataIndex: 'name' },
                    { title: '开盘账面', dataIndex: 'book_qty' },
                    { title: '实盘', dataIndex: 'counted_qty' },
                    { title: '差异', dataIndex: 'diff_qty' },
                    {
                      title: '盘点期间变动',
                      dataIndex: 'moved_qty',
                      render: (m: number | null) => m ?? '过账时计算',
                    },
                    { title: '差异金额(元)', render: (_, l) => fenToYuan((l.diff_qty ?? 0) * l.cost_fen) },
                  ]
                : [
                    { title: '名称', dataIndex: 'name' },
                    { title: '数量', dataIndex: 'qty', render: (q: number, l) => `${q} ${l.unit}` },
                    { title: '单价(元)', dataIndex: 'cost_fen', render: (f: number) => fenToYuan(f) },
                    { title: '金额(元)', render: (_, l) => fenToYuan(l.qty * l.cost_fen) },
                  ]
            }
          />
        </>
      )}
    </Drawer>
  );
}
