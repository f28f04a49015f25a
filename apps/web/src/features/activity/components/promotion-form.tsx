import {
  fenToYuanPlain,
  PROMO_COMBINE_NOTE,
  PROMO_MODE_LABELS,
  PROMO_MODES,
  type PromoMode,
  VISITOR_LABELS,
  VISITORS,
} from '@netbar/contract';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import type { ModeState } from '../../../components/use-mode-form';
import type { KindActivityRow } from '../api/activity-api';
import { useSavePromotion } from '../api/activity-mutations';

interface Tier {
  min_yuan: number;
  bonus_yuan: number;
  quantity: number;
}
interface Values {
  name: string;
  promo_mode: PromoMode;
  range: [Dayjs, Dayjs];
  visitor: string;
  per_member_limit?: number;
  budget_yuan: number;
  tiers: Tier[];
}

const fen = (y: number | undefined) => Math.round((y ?? 0) * 100);
const yuan = (f: number) => Number(fenToYuanPlain(f));
const NEW: Values = {
  name: '充值满送',
  promo_mode: 'tier',
  range: [dayjs().startOf('minute'), dayjs().add(30, 'day').endOf('day')],
  visitor: 'all',
  per_member_limit: 0,
  budget_yuan: 5000,
  tiers: [
    { min_yuan: 100, bonus_yuan: 20, quantity: 100 },
    { min_yuan: 200, bonus_yuan: 50, quantity: 50 },
  ],
};

/** A draft's form values: each prize is a tier (its amount the bonus, its threshold from `tiers`). */
function valuesOf(r: KindActivityRow): Values {
  return {
    name: r.name,
    promo_mode: (r.promo_mode || 'tier') as PromoMode,
    range: [dayjs(r.starts_at), dayjs(r.ends_at)],
    visitor: r.audience.visitor,
    per_member_limit: r.per_member_limit,
    budget_yuan: yuan(r.budget_fen),
    tiers: r.prizes.map((p) => ({
      min_yuan: yuan(r.tiers.find((t) => t.prize_id === p.id)?.min_topup_fen ?? 0),
      bonus_yuan: yuan(p.amount),
      quantity: p.quantity,
    })),
  };
}

/**
 * 新建/编辑营销活动 (decision 178): how members qualify (充值满送, 首充, 生日), the schedule, the audience, the
 * limit per member, the budget and the tiers (充100送20 …, from the lowest). The rules are the server's:
 * a refused save shows its Chinese message and the dialog stays open.
 */
export function PromotionForm({
  state,
  onClose,
}: {
  state: ModeState<KindActivityRow>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSavePromotion({ success: '已保存为草稿，发布后充值即按档位赠送', onSuccess: onClose });
  const tiers = Form.useWatch('tiers', form) ?? [];
  const pool = tiers.reduce((s, t) => s + fen(t?.bonus_yuan) * (t?.quantity ?? 0), 0);
  useEffect(() => {
    if (state) form.setFieldsValue(state.mode === 'edit' ? valuesOf(state.row) : NEW);
  }, [state, form]);
  const submit = (v: Values) =>
    save.mutate({
      ...(state?.mode === 'edit' ? { id: state.row.id } : {}),
      name: v.name,
      promo_mode: v.promo_mode,
      starts_at: v.range[0].format('YYYY-MM-DD HH:mm'),
      ends_at: v.range[1].format('YYYY-MM-DD HH:mm'),
      audience: JSON.stringify({ visitor: v.visitor }),
      per_member_limit: v.per_member_limit ?? 0,
      budget_fen: fen(v.budget_yuan),
      tiers: JSON.stringify(
        v.tiers.map((t) => ({
          min_topup_fen: fen(t.min_yuan),
          bonus_fen: fen(t.bonus_yuan),
          quantity: t.quantity,
        })),
      ),
    });
  return (
    <Modal
      open={!!state}
      title={state?.mode === 'edit' ? '编辑营销活动' : '新建营销活动'}
      width={820}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      forceRender
    >
      <Form<Values> form={form} name="promotion-form" layout="vertical" onFinish={submit} initialValues={NEW}>
        <Space wrap size="middle" align="start">
          <Form.Item
            name="name"
            label="活动名称"
            rules={[{ required: true, max: 30, message: '活动名称为1-30个字符' }]}
          >
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="promo_mode" label="活动方式">
            <Select
              style={{ width: 160 }}
              options={PROMO_MODES.map((m) => ({ value: m, label: PROMO_MODE_LABELS[m] }))}
            />
          </Form.Item>
          <Form.Item name="range" label="活动时间" rules={[{ required: true, message: '请选择活动时间' }]}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
        </Space>
        <Space wrap size="middle" align="start">
          <Form.Item name="visitor" label="参与对象">
            <Select
              style={{ width: 200 }}
              options={VISITORS.map((v) => ({ value: v, label: VISITOR_LABELS[v] }))}
            />
          </Form.Item>
          <Form.Item name="per_member_limit" label="每人参加次数(0不限)">
            <InputNumber min={0} max={10000} precision={0} />
          </Form.Item>
          <Form.Item
            name="budget_yuan"
            label="活动预算(元)"
            rules={[{ required: true, message: '请输入活动预算' }]}
          >
            <InputNumber min={0.01} max={1000000} precision={2} style={{ width: 140 }} />
          </Form.Item>
        </Space>
        <Typography.Title level={5}>充值档位（充值达到金额即赠送奖励金，取达到的最高档）</Typography.Title>
        <Form.List name="tiers">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <Space key={f.key} align="baseline" wrap>
                  <Typography.Text type="secondary" style={{ width: 44, display: 'inline-block' }}>
                    第{i + 1}档
                  </Typography.Text>
                  <Form.Item
                    name={[f.name, 'min_yuan']}
                    rules={[{ required: true, message: '请输入充值金额' }]}
                  >
                    <InputNumber
                      min={0.01}
                      precision={2}
                      addonBefore="充"
                      addonAfter="元"
                      style={{ width: 110 }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'bonus_yuan']}
                    rules={[{ required: true, message: '请输入赠送金额' }]}
                  >
                    <InputNumber
                      min={0.01}
                      precision={2}
                      addonBefore="送"
                      addonAfter="元"
                      style={{ width: 110 }}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'quantity']} rules={[{ required: true, message: '请输入数量' }]}>
                    <InputNumber
                      min={1}
                      precision={0}
                      addonBefore="限"
                      addonAfter="次"
                      style={{ width: 90 }}
                    />
                  </Form.Item>
                  <Button type="link" danger onClick={() => remove(f.name)} disabled={fields.length <= 1}>
                    删除
                  </Button>
                </Space>
              ))}
              <Space wrap>
                <Button
                  onClick={() => {
                    const last = tiers[tiers.length - 1];
                    add({
                      min_yuan: (last?.min_yuan ?? 0) + 100,
                      bonus_yuan: (last?.bonus_yuan ?? 0) + 20,
                      quantity: 50,
                    });
                  }}
                  disabled={fields.length >= 10}
                >
                  添加档位
                </Button>
                <Typography.Text type="secondary">
                  最多赠送 {(pool / 100).toFixed(2)} 元（各档赠送×数量之和，不能超过预算）
                </Typography.Text>
              </Space>
            </>
          )}
        </Form.List>
        <Alert type="info" showIcon title={PROMO_COMBINE_NOTE} style={{ marginTop: 16 }} />
      </Form>
    </Modal>
  );
}
