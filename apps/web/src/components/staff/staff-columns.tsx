import { Space, type TableColumnsType, Tag } from 'antd';

/** The columns the agent staff list and the netbar staff list share. */
type Column<R> = TableColumnsType<R>[number];

/** 员工: the name in bold over the login account. */
export function staffPersonColumn<R extends { true_name: string; user_name: string }>(): Column<R> {
  return {
    title: '员工',
    dataIndex: 'true_name',
    render: (v: string, r) => (
      <Space orientation="vertical" size={0}>
        <b>{v}</b>
        <span style={{ color: '#666' }}>{r.user_name}</span>
      </Space>
    ),
  };
}

/** 菜单权限: how many menus the person is granted, or 未授权. */
export function staffPermsColumn<R extends { perm_ids: number[] }>(): Column<R> {
  return {
    title: '菜单权限',
    dataIndex: 'perm_ids',
    render: (v: number[]) => (v.length ? `${v.length}项` : <span style={{ color: '#666' }}>未授权</span>),
  };
}

/** 正常 (green) or 停用. */
export const StaffStatusTag = ({ status }: { status: number }) => (
  <Tag color={status === 1 ? 'green' : 'default'}>{status === 1 ? '正常' : '停用'}</Tag>
);
