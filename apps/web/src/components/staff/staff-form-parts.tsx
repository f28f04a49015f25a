import { Form, type FormInstance, type FormItemProps, Modal, Radio } from 'antd';
import type { ReactNode } from 'react';

/**
 * The 新增员工 / 编辑员工 dialog of agent staff and netbar staff: the modal, its form (rendered while
 * closed, so useModeForm can fill it) and the fields both features share. Each feature keeps its own
 * fields and save call.
 */
export function StaffFormDialog({
  adding,
  open,
  saving,
  onSubmit,
  onClose,
  form,
  name,
  initialValues,
  width,
  children,
}: {
  adding: boolean;
  open: boolean;
  saving: boolean;
  onSubmit: () => void;
  onClose: () => void;
  form: FormInstance<Record<string, unknown>>;
  /** The form's name (its input ids): distinct from the other forms of the page. */
  name: string;
  initialValues: Record<string, unknown>;
  width: number;
  children: ReactNode;
}) {
  return (
    <Modal
      title={adding ? '新增员工' : '编辑员工'}
      open={open}
      onOk={onSubmit}
      okText={adding ? '添加' : '保存'}
      confirmLoading={saving}
      onCancel={onClose}
      forceRender
      width={width}
    >
      <Form form={form} name={name} labelCol={{ span: 5 }} initialValues={initialValues}>
        {children}
      </Form>
    </Modal>
  );
}

/** 登录账号 when editing: shown, never changed. */
export const StaffAccountShown = ({ account }: { account: string }) => (
  <Form.Item label="登录账号">{account}</Form.Item>
);

/** 状态: 正常 or 停用 (a disabled account cannot log in). */
export const StaffStatusItem = ({ rules }: { rules: FormItemProps['rules'] }) => (
  <Form.Item name="status" label="状态" rules={rules}>
    <Radio.Group
      options={[
        { value: 1, label: '正常' },
        { value: 0, label: '停用（无法登录）' },
      ]}
    />
  </Form.Item>
);
