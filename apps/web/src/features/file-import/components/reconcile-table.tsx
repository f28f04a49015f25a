import { Button, Table, Tag, Typography } from 'antd';
import { fileImportApi, type ReconcileLine } from '../api/file-import-api';
import { useFileImportReconcile } from '../api/file-import-queries';

/** Money lines (yuan) with two decimals, counts as they are. */
const figure = (l: ReconcileLine, v: number) => (l.item.includes('元') ? v.toFixed(2) : String(v));

/** The reconciliation of a finished import: the source (dry run) against what landed, line by line. */
export function ReconcileTable({ id }: { id: number }) {
  const q = useFileImportReconcile(id, true);
  return (
    <Table<ReconcileLine>
      style={{ marginTop: 12 }}
      size="small"
      loading={q.isLoading}
      title={() => (
        <Typography.Text strong>
          导入对账{' '}
          <Button size="small" onClick={() => void fileImportApi.reconcileExport(id)}>
            下载对账
          </Button>
        </Typography.Text>
      )}
      footer={q.data?.moved ? () => `导入后余额已有变动的会员：${q.data?.moved}` : undefined}
      rowKey="item"
      pagination={false}
      dataSource={q.data?.lines ?? []}
      columns={[
        { title: '项目', dataIndex: 'item' },
        {
          title: '源文件（校验）',
          dataIndex: 'source',
          align: 'right',
          render: (v: number, l) => figure(l, v),
        },
        { title: '已导入', dataIndex: 'landed', align: 'right', render: (v: number, l) => figure(l, v) },
        {
          title: '结果',
          dataIndex: 'ok',
          width: 90,
          render: (ok: boolean) => <Tag color={ok ? 'green' : 'red'}>{ok ? '一致' : '不一致'}</Tag>,
        },
      ]}
    />
  );
}
