import type { NetbarRow } from '@netbar/contract';
import { Form, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { FilterSelect } from '../../../components/filter-select';
import { staffOptions } from '../api/netbar-api';
import { useAssignPerson } from '../api/netbar-mutations';

/** 分配员工: the staff member who looks after the netbar. */
export function AssignPersonModal({
  netbar,
  onClose,
  onDone,
}: {
  netbar: NetbarRow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [person, setPerson] = useState<number | undefined>();
  const assign = useAssignPerson({
    success: () => (person ? '分配成功' : '已取消分配'),
    onSuccess: onDone,
  });
  // Start from the current assignment as soon as the dialog opens (not after its animation: a quick
  // choice made during the animation would be overwritten).
  useEffect(() => setPerson(netbar?.person_id ?? undefined), [netbar]);
  const submit = () => {
    if (netbar) assign.mutate({ ids: [netbar.id], personId: person ?? 0 });
  };
  return (
    <Modal
      title={`分配员工 · ${netbar?.name ?? ''}`}
      open={!!netbar}
      onOk={submit}
      confirmLoading={assign.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label="负责员工"
          extra={netbar?.person_name ? `当前：${netbar.person_name}` : '当前未分配'}
        >
          <FilterSelect
            loader={staffOptions}
            value={person}
            onChange={(v) => setPerson(v as number | undefined)}
            placeholder="请选择员工"
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
