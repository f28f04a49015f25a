import { noticeSaveBody, USER_TYPE_LABELS, USER_TYPE_VALUES, type UserTypeValue } from '@netbar/contract';
import { Checkbox, Form, Input, Modal } from 'antd';
import { type ModeState, useModeForm } from '../../../components/use-mode-form';
import { zodFormRules, zodRequired } from '../../../lib/zod-rules';
import type { AdminNoticeRow } from '../api/admin-notice-list';
import type { AdminNoticeInput } from '../api/admin-notice-save';
import { useSaveAdminNotice } from '../api/notice-mutations';

/** The contract's body schema drives the messages (请输入公告标题, 请选择接收对象 ...). */
const rules = zodFormRules(noticeSaveBody);
const required = zodRequired(noticeSaveBody);

interface NoticeForm {
  title: string;
  content: string;
  user_types: UserTypeValue[];
}
const TYPE_OPTIONS = USER_TYPE_VALUES.map((value) => ({ value, label: USER_TYPE_LABELS[value] }));

interface Props {
  /** Closed, adding, or editing a notice (drafts only). */
  state: ModeState<AdminNoticeRow>;
  onClose: () => void;
}

/** One form for add and edit (edit: drafts only): title, content, target user types; saved as a draft. */
export function NoticeFormModal({ state, onClose }: Props) {
  const { form, saving, adding, submit } = useModeForm<AdminNoticeRow, NoticeForm, AdminNoticeInput>(state, {
    valuesOf: (row) => ({ title: row.title, content: row.content, user_types: row.user_types }),
    mutation: useSaveAdminNotice(),
    payload: (values, s) => ({
      id: s.mode === 'edit' ? s.row.id : undefined,
      title: values.title.trim(),
      content: values.content.trim(),
      user_types: values.user_types,
    }),
    success: '公告已保存',
    onDone: onClose,
  });

  return (
    <Modal
      title={adding ? '新建公告' : '编辑公告'}
      open={!!state}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      confirmLoading={saving}
      width={640}
      forceRender
      maskClosable={false}
    >
      <Form form={form} layout="vertical" initialValues={{ user_types: [] }}>
        <Form.Item name="title" label="公告标题" rules={rules.title} required={required.title}>
          <Input placeholder="请输入公告标题" maxLength={60} showCount />
        </Form.Item>
        <Form.Item name="content" label="公告内容" rules={rules.content} required={required.content}>
          <Input.TextArea placeholder="请输入公告内容" rows={8} maxLength={5000} showCount />
        </Form.Item>
        <Form.Item name="user_types" label="接收对象" rules={rules.user_types} required={required.user_types}>
          <Checkbox.Group options={TYPE_OPTIONS} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
