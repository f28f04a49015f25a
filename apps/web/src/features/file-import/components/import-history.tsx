import {
  FILE_IMPORT_KIND_LABELS,
  FILE_IMPORT_STATUS_LABELS,
  type FileImportJob,
  fenToYuan,
} from '@netbar/contract';
import { Button, type TableColumnsType } from 'antd';
import { PageTable } from '../../../components/page-table';
import { fileImportApi } from '../api/file-import-api';
import { fileImportKeys } from '../api/file-import-keys';

/** 导入记录: every import of the store, newest first; 查看 opens one above. */
export function ImportHistory({ onOpen }: { onOpen: (id: number) => void }) {
  const columns: TableColumnsType<FileImportJob> = [
    { title: '上传时间', dataIndex: 'created_at', width: 170 },
    {
      title: '内容',
      dataIndex: 'kind',
      width: 70,
      render: (k: FileImportJob['kind']) => FILE_IMPORT_KIND_LABELS[k],
    },
    { title: '文件', dataIndex: 'filename', ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: FileImportJob['status']) => FILE_IMPORT_STATUS_LABELS[s],
    },
    { title: '已导入行', key: 'rows', width: 100, align: 'right', render: (_: unknown, r) => r.done.rows },
    { title: '新增', key: 'create', width: 80, align: 'right', render: (_: unknown, r) => r.done.create },
    {
      title: '本金',
      key: 'p',
      width: 120,
      align: 'right',
      render: (_: unknown, r) => fenToYuan(r.done.principal_fen),
    },
    {
      title: '奖励',
      key: 'b',
      width: 110,
      align: 'right',
      render: (_: unknown, r) => fenToYuan(r.done.bonus_fen),
    },
    { title: '操作人', dataIndex: 'user_name', width: 90 },
    {
      title: '操作',
      key: 'op',
      width: 150,
      render: (_: unknown, r) => (
        <>
          <Button type="link" size="small" onClick={() => onOpen(r.id)}>
            查看
          </Button>
          {r.status === 'done' && (
            <Button type="link" size="small" onClick={() => void fileImportApi.reconcileExport(r.id)}>
              对账
            </Button>
          )}
        </>
      ),
    },
  ];
  return (
    <PageTable<FileImportJob>
      title="导入记录"
      queryKey={fileImportKeys.list()}
      fetcher={(p) => fileImportApi.list(p)}
      columns={columns}
      rowKey="id"
    />
  );
}
