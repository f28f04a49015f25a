import {
  fenToYuanNumber,
  PROMO_KIND_LABELS,
  PROMO_KINDS,
  type PromoKind,
  promoSaveBody,
  yuanInputToFen,
} from '@netbar/contract';
import { DatePicker, Form, Input, InputNumber, Modal, Select, Space, Switch } from 'antd';
import dayjs from 'dayjs';
import { type ModeState, useModeForm } from '../../../components/use-mode-form';
import { zodFormRules } from '../../../lib/zod-rules';
import type { PromotionRow } from '../api/goods-api';
import { useSavePromotion } from '../api/goods-mutations';
import { ScopeFields } from './scope-fields';

const rules = zodFormRules(promoSaveBody);
type Values = Record<string, unknown> & {
  period: [dayjs.Dayjs, dayjs.Dayjs];
  price?: number;
  enabled?: boolean;
};

/** 新增促销 / 编辑促销 (commodity_promotion): the period travels as 'YYYY-MM-DD HH:mm', prices in fen. */
export function PromotionFormModal({
  state,
  onClose,
}: {
  state: ModeState<PromotionRow>;
  onClose: () => void;
}) {
  const { form, saving, submit, title } = useModeForm<PromotionRow, Values, Record<string, unknown>>(state, {
    valuesOf: (r) => ({
      ...r,
      price: fenToYuanNumber(r.price_fen),
      period: [dayjs(r.start_at), dayjs(r.end_at)],
    }),
    mutation: useSavePromotion(),
    payload: ({ period, price, ...v }, s) => {
      const [a, b] = period;
      return {
        ...v,
        id: s.mode === 'edit' ? s.row.id : undefined,
        price_fen: price === undefined ? undefined : yuanInputToFen(price),
        start_at: a.format('YYYY-MM-DD HH:mm'),
        end_at: b.format('YYYY-MM-DD HH:mm'),
        enabled: v.enabled ? 1 : 0,
      };
    },
    onDone: onClose,
  });
  const kind = Form.useWatch('kind', form) as PromoKind | undefined;
  return (
    <Modal
      open={!!state}
      title={title('促销')}
      width={620}
      onOk={submit}
      confirmLoading={saving}
      onCancel={onClose}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          kind: 'discount',
          rate: 90,
          enabled: true,
          scope_mode: 'ordinary',
          scope_rule: 'apply',
          goods_ids: [],
          category_ids: [],
        }}
      >
        <Form.Item name="name" label="活动名称" rules={rules.name} required>
          <Input />
        </Form.Item>
        <Form.Item name="kind" label="促销方式">
          <Select options={PROMO_KINDS.map((k) => ({ value: k, label: PROMO_KIND_LABELS[k] }))} />
        </Form.Item>
        {kind === 'discount' && (
          <Form.Item
            name="rate"
            label="折扣（%，如 80 为八折）"
            rules={[{ required: true, message: '请输入折扣' }]}
          >
            <InputNumber min={1} max={99} />
          </Form.Item>
        )}
        {(kind === 'fixed' || kind === 'bundle') && (
          <Form.Item
            name="price"
            label={kind === 'fixed' ? '一口价（元）' : '组合价（元）'}
            rules={[{ required: true, message: '请输入价格' }]}
          >
            <InputNumber min={0} precision={2} />
          </Form.Item>
        )}
        {kind === 'bundle' && (
          <Form.Item name="bundle_qty" label="任选件数" rules={[{ required: true, message: '请输入件数' }]}>
            <InputNumber min={2} max={99} />
          </Form.Item>
        )}
        {kind === 'buy_get' && (
          <Space>
            <Form.Item name="buy_n" label="买" rules={[{ required: true, message: '请输入数量' }]}>
              <InputNumber min={1} max={99} />
            </Form.Item>
            <Form.Item name="get_m" label="送" rules={[{ required: true, message: '请输入数量' }]}>
              <InputNumber min={1} max={99} />
            </Form.Item>
          </Space>
        )}
        <Form.Item name="period" label="活动时间" rules={[{ required: true, message: '请选择活动时间' }]}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <ScopeFields />
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
