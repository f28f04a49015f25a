import { PlusOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';

/** The 新增… button of a goods list toolbar. */
export function AddButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      {children}
    </Button>
  );
}

interface CrudActionsProps {
  onEdit: () => void;
  /** Runs the feature's delete mutation (it toasts and reloads the list). */
  onDelete: () => void;
  /** Popconfirm question. */
  confirm?: string;
  /** Buttons before 编辑 (e.g. sort arrows). */
  leading?: ReactNode;
  /** Buttons between 编辑 and 删除 (e.g. 上架/下架). */
  extra?: ReactNode;
}

/** The 编辑 / 删除 links of a goods list row: delete asks first, then runs the delete mutation. */
export function CrudActions(props: CrudActionsProps) {
  const { onEdit, onDelete, confirm = '确定删除？', leading, extra } = props;
  return (
    <Space>
      {leading}
      <Button type="link" size="small" onClick={onEdit}>
        编辑
      </Button>
      {extra}
      <Popconfirm title={confirm} onConfirm={onDelete}>
        <Button type="link" size="small" danger>
          删除
        </Button>
      </Popconfirm>
    </Space>
  );
}
