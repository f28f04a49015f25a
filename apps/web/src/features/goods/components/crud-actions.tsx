import { PlusOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { feedback } from '../../../lib/feedback';

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
  /** The delete call; the list reloads (reload) after it succeeds. */
  onDelete: () => Promise<unknown>;
  reload: () => unknown;
  /** Popconfirm question. */
  confirm?: string;
  /** Toast shown after a successful delete (none when omitted). */
  deletedMsg?: string;
  /** Buttons before 编辑 (e.g. sort arrows). */
  leading?: ReactNode;
  /** Buttons between 编辑 and 删除 (e.g. 上架/下架). */
  extra?: ReactNode;
}

/** The 编辑 / 删除 links of a goods list row: delete asks first, then toasts and reloads the list. */
export function CrudActions(props: CrudActionsProps) {
  const { onEdit, onDelete, reload, confirm = '确定删除？', deletedMsg, leading, extra } = props;
  return (
    <Space>
      {leading}
      <Button type="link" size="small" onClick={onEdit}>
        编辑
      </Button>
      {extra}
      <Popconfirm
        title={confirm}
        onConfirm={async () => {
          await onDelete();
          if (deletedMsg) feedback.success(deletedMsg);
          reload();
        }}
      >
        <Button type="link" size="small" danger>
          删除
        </Button>
      </Popconfirm>
    </Space>
  );
}
