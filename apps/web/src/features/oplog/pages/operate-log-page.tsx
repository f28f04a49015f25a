import {
  OPLOG_RESULT_LABELS,
  type OplogRow,
  shanghaiDateTime,
  USER_TYPE_LABELS,
  type UserTypeValue,
} from '@netbar/contract';
import { DatePicker, Form, Input, Select, type TableColumnsType, Tag } from 'antd';
import { PageTable } from '../../../components/page-table';
import { useAppState } from '../../../lib/app-state';
import { exportOplog, fetchOplog, type OplogFilters } from '../api/oplog-api';
import { oplogKeys } from '../api/oplog-keys';

const columns: TableColumnsType<OplogRow> = [
  {
    title: '时间',
    dataIndex: 'at',
    width: 170,
    render: (v: number) => shanghaiDateTime(v * 1000),
  },
  { title: '账号', dataIndex: 'user_name', width: 140 },
  {
    title: '账号类型',
    dataIndex: 'user_type',
    width: 100,
    render: (v: number | null) => (v ? USER_TYPE_LABELS[v as UserTypeValue] : '-'),
  },
  { title: 'IP', dataIndex: 'ip', width: 130 },
  { title: '操作', dataIndex: 'action', width: 160 },
  { title: '对象', dataIndex: 'target', ellipsis: true },
  {
    title: '结果',
    dataIndex: 'result',
    width: 80,
    render: (v: OplogRow['result']) => (
      <Tag color={v === 'success' ? 'green' : 'red'}>{OPLOG_RESULT_LABELS[v]}</Tag>
    ),
  },
  { title: '说明', dataIndex: 'detail', ellipsis: true, render: (v: string) => v || '-' },
];

/** /user/operate_log: the caller's tenant's rows; administrators see the whole platform (get_admin_log). */
export default function OperateLogPage() {
  const admin = useAppState((s) => s.user?.type === 4);
  return (
    <PageTable<OplogRow, OplogFilters>
      title={admin ? '操作日志（全平台）' : '操作日志'}
      queryKey={oplogKeys.list(admin)}
      rowKey="id"
      columns={columns}
      fetcher={(p) => fetchOplog(admin, p)}
      onExport={(f) => exportOplog(admin, f)}
      filterFields={
        <>
          <Form.Item name="period" label="时间">
            <DatePicker.RangePicker allowClear />
          </Form.Item>
          <Form.Item name="action" label="操作">
            <Input placeholder="如：登录" allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="result" label="结果">
            <Select
              allowClear
              placeholder="全部"
              style={{ width: 100 }}
              options={[
                { value: 'success', label: '成功' },
                { value: 'failure', label: '失败' },
              ]}
            />
          </Form.Item>
          <Form.Item name="user_name" label="账号">
            <Input allowClear style={{ width: 140 }} />
          </Form.Item>
        </>
      }
    />
  );
}
