import { noticeSaveBody, USER_TYPE_LABELS, USER_TYPE_VALUES, type UserTypeValue } from '@netbar/contract';
import { Checkbox, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { feedback } from '../../../lib/feedback';
import { zodFormRules, zodRequired } from '../../../lib/zod-rules';
import type { AdminNoticeRow } from '../api/admin-notice-list';
import { useSaveAdminNotice } from '../api/admin-notice-save';

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
  open: boolean;
  /** The notice to edit; absent when adding. */
  editing: AdminNoticeRow | null;
  onClose: () => void;
}

/** One form for add and edit (edit: drafts only): title, content, target user types; saved as a draft. */
export function NoticeFormModal({ open, editing, onClose }: Props) {
  const [form] = Form.useForm<NoticeForm>();
  const save = useSaveAdminNotice();
  const mode = editing ? 'edit' : 'add';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) {
      form.setFieldsValue({ title: editing.title, content: editing.content, user_types: editing.user_types });
    }
  }, [open, editing, form]);

  const submit = async () => {
    const values = await form.validateFields();
    save.mutate(
      {
        id: editing?.id,
        title: values.title.trim(),
        content: values.content.trim(),
        user_types: values.user_types,
      },
      {
        onSuccess: () => {
          feedback.success('公告已保存');
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      title={mode === 'edit' ? '编辑公告' : '新建公告'}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      confirmLoading={save.isPending}
      width={640}
      destroyOnHidden
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
