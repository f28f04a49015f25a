import {
  COUPON_KIND_LABELS,
  COUPON_KINDS,
  COUPON_VALID_MODE_LABELS,
  COUPON_VALID_MODES,
  type CouponKind,
  type CouponTemplateRow,
  type CouponValidMode,
  fenToYuanPlain,
} from '@netbar/contract';
import { DatePicker, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ModeState } from '../../../components/use-mode-form';
import { useSaveTemplate } from '../api/coupon-mutations';
import { useCategories } from '../api/coupon-queries';

interface Values {
  name: string;
  kind: CouponKind;
  amount_yuan: number;
  min_spend_yuan?: number;
  category_ids?: number[];
  valid_mode: CouponValidMode;
  range?: [Dayjs, Dayjs];
  valid_days?: number;
}
const fen = (y: number | undefined) => Math.round((y ?? 0) * 100);

function initial(m: Exclude<ModeState<CouponTemplateRow>, null>): Partial<Values> {
  if (m.mode === 'add') return { kind: 'full_off', valid_mode: 'days', valid_days: 30, category_ids: [] };
  const r = m.row;
  return {
    name: r.name,
    kind: r.kind,
    amount_yuan: Number(fenToYuanPlain(r.amount_fen)),
    min_spend_yuan: Number(fenToYuanPlain(r.min_spend_fen)),
    category_ids: r.category_ids,
    valid_mode: r.valid_mode,
    range: r.valid_from && r.valid_to ? [dayjs(r.valid_from), dayjs(r.valid_to)] : undefined,
    valid_days: r.valid_days ?? undefined,
  };
}

/** 新建/编辑优惠券: 满减券 (amount off from a minimum spend) or 抵用券, its goods scope and validity. */
export function CouponTemplateForm({
  state,
  onClose,
}: {
  state: ModeState<CouponTemplateRow>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const mode = Form.useWatch('valid_mode', form);
  const cats = useCategories();
  const save = useSaveTemplate({ success: '保存成功', onSuccess: onClose });
  const submit = (v: Values) =>
    save.mutate({
      ...(state?.mode === 'edit' ? { id: state.row.id } : {}),
      name: v.name,
      kind: v.kind,
      amount_fen: fen(v.amount_yuan),
      min_spend_fen: v.kind === 'full_off' ? fen(v.min_spend_yuan) : 0,
      category_ids: JSON.stringify(v.category_ids ?? []),
      valid_mode: v.valid_mode,
      ...(v.valid_mode === 'range'
        ? { valid_from: v.range?.[0]?.format('YYYY-MM-DD'), valid_to: v.range?.[1]?.format('YYYY-MM-DD') }
        : { valid_days: v.valid_days }),
      status: state?.mode === 'edit' ? state.row.status : 'active',
    });
  return (
    <Modal
      title={state?.mode === 'edit' ? '编辑优惠券' : '新建优惠券'}
      open={!!state}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      {state && (
        <Form
          form={form}
          layout="vertical"
          name="coupon-template"
          preserve={false}
          initialValues={initial(state)}
          onFinish={submit}
        >
          <Form.Item
            name="name"
            label="券名称"
            rules={[{ required: true, max: 20, message: '请输入1-20个字的券名称' }]}
          >
            <Input placeholder="如：满30减5" />
          </Form.Item>
          <Form.Item name="kind" label="券类型">
            <Radio.Group
              options={COUPON_KINDS.map((k) => ({ value: k, label: COUPON_KIND_LABELS[k] }))}
              optionType="button"
            />
          </Form.Item>
          <Form.Item
            name="amount_yuan"
            label="优惠金额"
            rules={[{ required: true, message: '请输入优惠金额' }]}
          >
            <InputNumber min={0.01} max={10000} precision={2} addonAfter="元" style={{ width: 200 }} />
          </Form.Item>
          {kind === 'full_off' && (
            <Form.Item
              name="min_spend_yuan"
              label="使用门槛（订单中适用商品满）"
              rules={[{ required: true, message: '请输入使用门槛' }]}
            >
              <InputNumber min={0} max={100000} precision={2} addonAfter="元" style={{ width: 200 }} />
            </Form.Item>
          )}
          <Form.Item name="category_ids" label="适用商品" extra="不选为全部商品">
            <Select
              mode="multiple"
              allowClear
              placeholder="全部商品"
              loading={cats.isLoading}
              options={(cats.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
          <Form.Item name="valid_mode" label="有效期">
            <Radio.Group
              options={COUPON_VALID_MODES.map((k) => ({ value: k, label: COUPON_VALID_MODE_LABELS[k] }))}
            />
          </Form.Item>
          {mode === 'range' ? (
            <Form.Item name="range" label="有效日期" rules={[{ required: true, message: '请选择有效日期' }]}>
              <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
            </Form.Item>
          ) : (
            <Form.Item
              name="valid_days"
              label="领取后有效天数"
              rules={[{ required: true, message: '请输入有效天数' }]}
            >
              <InputNumber min={1} max={365} precision={0} addonAfter="天" style={{ width: 200 }} />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}
