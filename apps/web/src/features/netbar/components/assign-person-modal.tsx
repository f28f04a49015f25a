import type { NetbarRow } from '@netbar/contract';
import { Form, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { FilterSelect } from '../../../components/filter-select';
import { feedback } from '../../../lib/feedback';
import { setNetbarsPerson, staffOptions } from '../api/netbar-api';

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
  const [saving, setSaving] = useState(false);
  // Start from the current assignment as soon as the dialog opens (not after its animation: a quick
  // choice made during the animation would be overwritten).
  useEffect(() => setPerson(netbar?.person_id ?? undefined), [netbar]);
  const submit = async () => {
    if (!netbar) return;
    setSaving(true);
    try {
      await setNetbarsPerson([netbar.id], person ?? 0);
      feedback.success(person ? '分配成功' : '已取消分配');
      onDone();
    } catch {
      // shown by the request client
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={`分配员工 · ${netbar?.name ?? ''}`}
      open={!!netbar}
      onOk={submit}
      confirmLoading={saving}
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
