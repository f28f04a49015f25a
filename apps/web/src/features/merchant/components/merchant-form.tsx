import {
  MERCHANT_TYPE_LABELS,
  type MerchantDetail,
  type MerchantDocKind,
  merchantSubmitBody,
} from '@netbar/contract';
import { Alert, Button, Card, Form, Input, Radio, Select, Space, Steps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { feedback } from '../../../lib/feedback';
import { zodFormRules } from '../../../lib/zod-rules';
import { checkName } from '../api/merchant-api';
import { useSaveDraft, useSubmitMerchant } from '../api/merchant-mutations';
import { useBanks, useRegions } from '../api/merchant-queries';
import { DocUpload } from './doc-upload';

const rules = zodFormRules(merchantSubmitBody);
const required = (msg: string) => [{ required: true, message: msg }];

/** The four steps and the fields each one checks before 下一步 (and saves as the draft). */
const STEPS = [
  { title: '主体信息', fields: ['legal_name', 'short_name', 'merchant_type', 'licence_no', 'licence_doc'] },
  { title: '法人信息', fields: ['legal_person', 'id_no', 'mobile', 'id_front_doc', 'id_back_doc'] },
  { title: '结算账户', fields: ['bank_code', 'bank_branch', 'card_holder', 'card_no'] },
  { title: '经营信息', fields: ['province', 'city', 'district', 'address', 'storefront_doc', 'cashier_doc'] },
] as const;

const DOC_FIELDS: Record<MerchantDocKind, string> = {
  licence: 'licence_doc',
  id_front: 'id_front_doc',
  id_back: 'id_back_doc',
  storefront: 'storefront_doc',
  cashier: 'cashier_doc',
};

function valuesOf(d: MerchantDetail | null | undefined): Record<string, unknown> {
  if (!d) return { merchant_type: 2 };
  const docs = Object.fromEntries(d.docs.map((x) => [DOC_FIELDS[x.kind], x.id]));
  const pick = (v: string) => v || undefined;
  return {
    legal_name: pick(d.legal_name),
    short_name: pick(d.short_name),
    merchant_type: d.merchant_type || 2,
    licence_no: pick(d.licence_no),
    legal_person: pick(d.legal_person),
    mobile: pick(d.mobile),
    bank_code: pick(d.bank_code),
    bank_branch: pick(d.bank_branch),
    card_holder: pick(d.card_holder),
    province: pick(d.province),
    city: pick(d.city),
    district: pick(d.district),
    address: pick(d.address),
    ...docs,
  };
}

/** Only what was filled in: a draft keeps any part of the form. */
const filled = (v: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== null && x !== ''));

/**
 * 商户进件 form in four steps: each 下一步 checks its step and saves the draft (add_save), 提交审核 sends the
 * whole form (add, or update for a rejected one). ID and card numbers already saved are kept when left empty.
 */
export function MerchantForm({ draft, onDone }: { draft: MerchantDetail | null; onDone: () => void }) {
  const [form] = Form.useForm();
  const [step, setStep] = useState(Math.min(draft?.step ?? 0, STEPS.length - 1));
  const [id, setId] = useState<number | undefined>(draft?.id);
  const save = useSaveDraft();
  const submit = useSubmitMerchant({ success: '已提交审核，请等待支付公司审核', onSuccess: onDone });
  const banks = useBanks();
  const province = Form.useWatch('province', form) as string | undefined;
  const city = Form.useWatch('city', form) as string | undefined;
  const provinces = useRegions('0');
  const provinceId = provinces.data?.find((p) => p.name === province)?.id;
  const cities = useRegions(provinceId);
  const cityId = cities.data?.find((c) => c.name === city)?.id;
  const districts = useRegions(cityId);
  const urls = useMemo(() => Object.fromEntries((draft?.docs ?? []).map((d) => [d.kind, d.url])), [draft]);

  useEffect(() => {
    form.setFieldsValue(valuesOf(draft));
  }, [draft, form]);

  const next = async () => {
    await form.validateFields([...STEPS[step]!.fields]);
    const values = filled(form.getFieldsValue(true));
    save.mutate(
      { ...values, ...(id ? { id } : {}), step: step + 1 },
      {
        onSuccess: (r) => {
          setId(r.id);
          setStep(step + 1);
        },
      },
    );
  };
  const send = async () => {
    try {
      await form.validateFields();
    } catch (e) {
      // show the step holding the first field to fix
      const first = (e as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name[0];
      const at = STEPS.findIndex((s) => (s.fields as readonly string[]).includes(String(first)));
      if (at >= 0) setStep(at);
      throw e;
    }
    submit.mutate({
      ...filled(form.getFieldsValue(true)),
      ...(id ? { id } : {}),
      resubmit: draft?.status === 2,
    });
  };
  const options = (list?: { id: string; name: string }[]) =>
    (list ?? []).map((x) => ({ value: x.name, label: x.name }));
  const doc = (kind: MerchantDocKind, label: string) => (
    <Form.Item name={DOC_FIELDS[kind]} label={label} rules={required(`请上传${label}`)}>
      <DocUpload kind={kind} url={urls[kind]} />
    </Form.Item>
  );
  const secret = (name: 'id_no' | 'card_no', label: string, mask: string | undefined) => (
    <Form.Item
      name={name}
      label={label}
      required={!mask}
      rules={mask ? rules[name] : [...required(`请输入${label}`), ...rules[name]]}
      extra={mask ? `已保存：${mask}（加密保存，不修改请留空）` : '加密保存，审核时只显示部分号码'}
    >
      <Input autoComplete="off" placeholder={mask ? '不修改请留空' : `请输入${label}`} />
    </Form.Item>
  );

  return (
    <Card title={draft?.status === 2 ? '修改进件资料' : '商户进件'}>
      {draft?.status === 2 && (
        <Alert
          type="error"
          showIcon
          title={`审核驳回：${draft.reject_reason}`}
          style={{ marginBottom: 16 }}
        />
      )}
      <Steps current={step} items={STEPS.map((s) => ({ title: s.title }))} style={{ marginBottom: 24 }} />
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 12 }}
        name="merchant-form"
      >
        <div hidden={step !== 0}>
          <Form.Item
            name="legal_name"
            required
            label="营业执照名称"
            validateTrigger="onBlur"
            rules={[
              ...rules.legal_name,
              {
                validator: async (_r, v: string) => {
                  if (v && v.length >= 2 && (await checkName(v.trim(), id).catch(() => false)))
                    throw new Error('该商户名称已被使用');
                },
              },
            ]}
          >
            <Input placeholder="与营业执照一致" />
          </Form.Item>
          <Form.Item
            name="short_name"
            required
            label="商户简称"
            rules={rules.short_name}
            extra="顾客付款时看到的名称"
          >
            <Input />
          </Form.Item>
          <Form.Item name="merchant_type" required label="商户类型" rules={rules.merchant_type}>
            <Radio.Group
              options={[1, 2].map((v) => ({ value: v, label: MERCHANT_TYPE_LABELS[v as 1 | 2] }))}
            />
          </Form.Item>
          <Form.Item name="licence_no" required label="统一社会信用代码" rules={rules.licence_no}>
            <Input maxLength={18} />
          </Form.Item>
          {doc('licence', '营业执照')}
        </div>
        <div hidden={step !== 1}>
          <Form.Item name="legal_person" required label="法人姓名" rules={rules.legal_person}>
            <Input />
          </Form.Item>
          {secret('id_no', '法人身份证号', draft?.id_no_mask)}
          <Form.Item name="mobile" required label="法人手机号" rules={rules.mobile}>
            <Input maxLength={11} />
          </Form.Item>
          {doc('id_front', '身份证人像面')}
          {doc('id_back', '身份证国徽面')}
        </div>
        <div hidden={step !== 2}>
          <Form.Item name="bank_code" label="结算银行" rules={required('请选择结算银行')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={banks.isLoading}
              options={(banks.data ?? []).map((b) => ({ value: b.code, label: b.name }))}
              placeholder="请选择结算银行"
            />
          </Form.Item>
          <Form.Item name="bank_branch" required label="开户支行" rules={rules.bank_branch}>
            <Input placeholder="如：中国工商银行上海徐家汇支行" />
          </Form.Item>
          <Form.Item name="card_holder" required label="开户名" rules={rules.card_holder}>
            <Input />
          </Form.Item>
          {secret('card_no', '结算银行卡号', draft?.card_no_mask)}
        </div>
        <div hidden={step !== 3}>
          <Form.Item label="所在地区" required style={{ marginBottom: 0 }}>
            <Space.Compact block>
              <Form.Item name="province" rules={required('请选择省份')}>
                <Select
                  style={{ width: 150 }}
                  placeholder="省份"
                  options={options(provinces.data)}
                  onChange={() => form.setFieldsValue({ city: undefined, district: undefined })}
                />
              </Form.Item>
              <Form.Item name="city" rules={required('请选择城市')}>
                <Select
                  style={{ width: 150 }}
                  placeholder="城市"
                  options={options(cities.data)}
                  onChange={() => form.setFieldsValue({ district: undefined })}
                />
              </Form.Item>
              <Form.Item name="district" rules={required('请选择区县')}>
                <Select style={{ width: 150 }} placeholder="区县" options={options(districts.data)} />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
          <Form.Item name="address" required label="详细地址" rules={rules.address}>
            <Input />
          </Form.Item>
          {doc('storefront', '门头照')}
          {doc('cashier', '收银台照')}
        </div>
        <Form.Item wrapperCol={{ offset: 5 }}>
          <Space>
            {step > 0 && <Button onClick={() => setStep(step - 1)}>上一步</Button>}
            {step < STEPS.length - 1 ? (
              <Button type="primary" loading={save.isPending} onClick={() => next().catch(() => {})}>
                下一步
              </Button>
            ) : (
              <Button type="primary" loading={submit.isPending} onClick={() => send().catch(() => {})}>
                提交审核
              </Button>
            )}
            <Button
              loading={save.isPending}
              onClick={() =>
                save.mutate(
                  { ...filled(form.getFieldsValue(true)), ...(id ? { id } : {}), step },
                  {
                    onSuccess: (r) => {
                      setId(r.id);
                      feedback.success('草稿已保存');
                    },
                  },
                )
              }
            >
              保存草稿
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
