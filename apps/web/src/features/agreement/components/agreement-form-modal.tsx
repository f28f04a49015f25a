import {
  AGREEMENT_SLUGS,
  type AgreementSaveBody,
  type AgreementView,
  agreementSaveBody,
} from '@netbar/contract';
import { DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ModeState, useModeForm } from '../../../components/use-mode-form';
import { zodFormRules } from '../../../lib/zod-rules';
import { useSaveAgreement } from '../api/agreement-mutations';

/** The contract's rules; the date is a picker on the form and a string on the wire (hand rule). */
const rules = zodFormRules(agreementSaveBody.omit({ effective_date: true }));
type Values = Omit<AgreementSaveBody, 'effective_date'> & { effective_date: Dayjs };

export const agreementPath = (slug: string) =>
  slug === 'protocol' || slug === 'installation_agreement' ? `/account/${slug}` : `/${slug}`;

interface Props {
  /** add: a new version; edit: a draft, or a published/archived version as the base of a new one. */
  state: ModeState<AgreementView>;
  onClose: () => void;
}

/** 协议版本: saves a draft (草稿已保存); publishing is a separate step on the list. */
export function AgreementFormModal({ state, onClose }: Props) {
  const { form, saving, submit } = useModeForm<AgreementView, Values, AgreementSaveBody>(state, {
    valuesOf: (r) => ({
      slug: r.slug,
      title: r.title,
      content: r.content,
      version: r.status === 'draft' ? r.version : '',
      effective_date: dayjs(r.effective_date),
    }),
    mutation: useSaveAgreement(),
    payload: (v) => ({ ...v, effective_date: v.effective_date.format('YYYY-MM-DD') }),
    success: '草稿已保存',
    onDone: onClose,
  });
  return (
    <Modal
      title="协议版本"
      open={!!state}
      onCancel={onClose}
      onOk={submit}
      okText="保存草稿"
      confirmLoading={saving}
      width={800}
      forceRender
      maskClosable={false}
    >
      <Form form={form} layout="vertical" noValidate>
        <Form.Item label="页面" name="slug" rules={rules.slug}>
          <Select options={AGREEMENT_SLUGS.map((s) => ({ value: s, label: agreementPath(s) }))} />
        </Form.Item>
        <Form.Item label="标题" name="title" rules={rules.title}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item label="版本号" name="version" rules={rules.version}>
          <Input maxLength={20} placeholder="如 2.0" />
        </Form.Item>
        <Form.Item
          label="生效日期"
          name="effective_date"
          rules={[{ required: true, message: '请选择生效日期' }]}
        >
          <DatePicker />
        </Form.Item>
        <Form.Item label="内容（每段一行）" name="content" rules={rules.content}>
          <Input.TextArea rows={14} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
