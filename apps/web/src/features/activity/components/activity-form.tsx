import {
  DRAW_KINDS,
  ENGINE_KIND_LABELS,
  type EngineKind,
  ODDS_TOTAL,
  PRICE_KIND_LABELS,
  PRIZE_KIND_LABELS,
  PRIZE_KINDS,
  type PrizeKind,
  VISITOR_LABELS,
  VISITORS,
} from '@netbar/contract';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useSaveActivity } from '../api/activity-mutations';
import { useCouponTemplates } from '../api/activity-queries';
import { DEFAULT_PRIZES, GIFT_PRIZES, type PrizeField, windowsOf } from './activity-presets';

interface Values {
  name: string;
  range: [Dayjs, Dayjs];
  visitor: string;
  per_day_limit?: number;
  per_member_limit?: number;
  budget_yuan: number;
  price_kind?: 'points' | 'balance';
  price?: number;
  threshold_yuan?: number;
  windows?: string;
  prizes: PrizeField[];
}

const AMOUNT_HINT: Record<PrizeKind, string> = {
  bonus: '金额(分)',
  points: '积分',
  minutes: '分钟',
  goods: '件数',
  coupon: '张数',
};
const fen = (y: number | undefined) => Math.round((y ?? 0) * 100);

/** 新建签到/盲盒活动: schedule, audience, limits, budget, price (a box) and the prizes with streak days or odds. */
export function ActivityForm({
  kind,
  open,
  onClose,
}: {
  kind: EngineKind;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSaveActivity({ success: '已保存为草稿，发布后会员即可参与', onSuccess: onClose });
  const box = kind === 'blind_box';
  const draw = DRAW_KINDS.includes(kind);
  const envelope = kind === 'red_envelope';
  const prizes = Form.useWatch('prizes', form) ?? [];
  const templates = useCouponTemplates(prizes.some((p: PrizeField | undefined) => p?.kind === 'coupon'));
  const oddsSum = prizes.reduce((s, p) => s + (p?.odds ?? 0), 0);
  const pool = prizes.reduce((s, p) => s + fen(p?.cost_yuan) * (p?.quantity ?? 0), 0);
  const submit = (v: Values) =>
    save.mutate({
      kind,
      name: v.name,
      starts_at: v.range[0].format('YYYY-MM-DD HH:mm'),
      ends_at: v.range[1].format('YYYY-MM-DD HH:mm'),
      audience: JSON.stringify({ visitor: v.visitor }),
      per_day_limit: v.per_day_limit ?? 0,
      per_member_limit: v.per_member_limit ?? 0,
      budget_fen: fen(v.budget_yuan),
      price_kind: box ? v.price_kind : 'none',
      price_amount: box ? (v.price_kind === 'balance' ? fen(v.price) : (v.price ?? 0)) : 0,
      threshold_fen: kind === 'cashier_draw' ? fen(v.threshold_yuan) : 0,
      windows: JSON.stringify(envelope ? windowsOf(v.windows) : []),
      prizes: JSON.stringify(
        v.prizes.map((p) => ({
          name: p.name,
          kind: p.kind,
          amount: p.amount,
          cost_fen: fen(p.cost_yuan),
          quantity: p.quantity,
          ...(draw ? { odds_bp: Math.round(((p.odds ?? 0) * ODDS_TOTAL) / 100) } : {}),
          ...(kind === 'sign' ? { streak_day: p.streak_day } : {}),
          ...(envelope && p.amount_max ? { amount_max: p.amount_max } : {}),
          ...(p.kind === 'coupon' ? { coupon_template_id: p.coupon_template_id } : {}),
        })),
      ),
    });
  return (
    <Modal
      open={open}
      title={`新建${ENGINE_KIND_LABELS[kind]}`}
      width={920}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name={`activity-form-${kind}`}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          name: box ? '幸运盲盒' : kind === 'sign' ? '每日签到' : ENGINE_KIND_LABELS[kind],
          range: [dayjs().startOf('minute'), dayjs().add(30, 'day').endOf('day')],
          visitor: 'all',
          per_day_limit: box ? 3 : kind === 'cashier_draw' ? 0 : 1,
          per_member_limit: 0,
          budget_yuan: box ? 1000 : 1500,
          price_kind: 'points',
          price: 50,
          threshold_yuan: 30,
          windows: '20:00-20:10',
          prizes: DEFAULT_PRIZES[kind] ?? GIFT_PRIZES,
        }}
      >
        <Space wrap size="middle" align="start">
          <Form.Item
            name="name"
            label="活动名称"
            rules={[{ required: true, max: 30, message: '活动名称为1-30个字符' }]}
          >
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="range" label="活动时间" rules={[{ required: true, message: '请选择活动时间' }]}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="visitor" label="参与对象">
            <Select
              style={{ width: 200 }}
              options={VISITORS.map((v) => ({ value: v, label: VISITOR_LABELS[v] }))}
            />
          </Form.Item>
        </Space>
        <Space wrap size="middle" align="start">
          <Form.Item name="per_day_limit" label="每人每日次数(0不限)">
            <InputNumber min={0} max={100} precision={0} />
          </Form.Item>
          <Form.Item name="per_member_limit" label="每人总次数(0不限)">
            <InputNumber min={0} max={10000} precision={0} />
          </Form.Item>
          <Form.Item
            name="budget_yuan"
            label="活动预算(元)"
            rules={[{ required: true, message: '请输入活动预算' }]}
          >
            <InputNumber min={0} max={1000000} precision={2} />
          </Form.Item>
          {box && (
            <>
              <Form.Item name="price_kind" label="购买方式">
                <Select
                  style={{ width: 140 }}
                  options={(['points', 'balance'] as const).map((k) => ({
                    value: k,
                    label: PRICE_KIND_LABELS[k],
                  }))}
                />
              </Form.Item>
              <Form.Item
                name="price"
                label="价格(积分或元)"
                rules={[{ required: true, message: '请输入盲盒价格' }]}
              >
                <InputNumber min={0.01} max={100000} />
              </Form.Item>
            </>
          )}
          {kind === 'cashier_draw' && (
            <Form.Item
              name="threshold_yuan"
              label="订单满(元)可抽奖"
              rules={[{ required: true, message: '请输入抽奖门槛' }]}
            >
              <InputNumber min={0.01} max={1000000} precision={2} />
            </Form.Item>
          )}
          {envelope && (
            <Form.Item
              name="windows"
              label="发放时段(每日，逗号分隔)"
              tooltip="到点向在线会员的电脑推送红包，时段内先到先得"
              rules={[{ required: true, message: '请输入发放时段，如 20:00-20:10' }]}
            >
              <Input style={{ width: 240 }} placeholder="20:00-20:10, 12:00-12:05" />
            </Form.Item>
          )}
        </Space>
        <Typography.Title level={5}>{envelope ? '红包（金额单位：分）' : '奖品'}</Typography.Title>
        <Form.List name="prizes">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" wrap>
                  <Form.Item name={[f.name, 'name']} rules={[{ required: true, message: '请输入奖品名称' }]}>
                    <Input placeholder="奖品名称" style={{ width: 130 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'kind']}>
                    <Select
                      style={{ width: 110 }}
                      options={PRIZE_KINDS.filter((k) => k !== 'goods' && (k !== 'coupon' || !envelope)).map(
                        (k) => ({
                          value: k,
                          label: PRIZE_KIND_LABELS[k],
                        }),
                      )}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'amount']} rules={[{ required: true, message: '请输入数值' }]}>
                    <InputNumber
                      min={1}
                      precision={0}
                      placeholder={AMOUNT_HINT[prizes[f.name]?.kind ?? 'bonus']}
                      addonAfter={AMOUNT_HINT[prizes[f.name]?.kind ?? 'bonus']}
                      style={{ width: 160 }}
                    />
                  </Form.Item>
                  {prizes[f.name]?.kind === 'coupon' && (
                    <Form.Item
                      name={[f.name, 'coupon_template_id']}
                      rules={[{ required: true, message: '请选择优惠券' }]}
                    >
                      <Select
                        aria-label="奖品优惠券"
                        placeholder="选择优惠券"
                        style={{ width: 150 }}
                        options={(templates.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
                      />
                    </Form.Item>
                  )}
                  <Form.Item name={[f.name, 'cost_yuan']}>
                    <InputNumber
                      min={0}
                      precision={2}
                      addonBefore="成本"
                      addonAfter="元"
                      style={{ width: 170 }}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'quantity']} rules={[{ required: true, message: '请输入数量' }]}>
                    <InputNumber min={1} precision={0} addonBefore="数量" style={{ width: 140 }} />
                  </Form.Item>
                  {envelope && (
                    <Form.Item name={[f.name, 'amount_max']}>
                      <InputNumber
                        min={1}
                        precision={0}
                        addonBefore="至"
                        addonAfter="分"
                        style={{ width: 150 }}
                      />
                    </Form.Item>
                  )}
                  {draw ? (
                    <Form.Item name={[f.name, 'odds']} rules={[{ required: true, message: '请输入概率' }]}>
                      <InputNumber
                        min={0.01}
                        max={100}
                        precision={2}
                        addonBefore="概率"
                        addonAfter="%"
                        style={{ width: 160 }}
                      />
                    </Form.Item>
                  ) : kind !== 'sign' ? null : (
                    <Form.Item
                      name={[f.name, 'streak_day']}
                      rules={[{ required: true, message: '请输入连续天数' }]}
                    >
                      <InputNumber
                        min={1}
                        max={30}
                        precision={0}
                        addonBefore="连签"
                        addonAfter="天"
                        style={{ width: 150 }}
                      />
                    </Form.Item>
                  )}
                  <Button type="link" danger onClick={() => remove(f.name)} disabled={fields.length <= 1}>
                    删除
                  </Button>
                </Space>
              ))}
              <Space>
                <Button
                  onClick={() => add({ name: '', kind: 'bonus', amount: 100, cost_yuan: 1, quantity: 10 })}
                  disabled={fields.length >= 20}
                >
                  添加奖品
                </Button>
                <Typography.Text type={draw && Math.abs(oddsSum - 100) > 0.001 ? 'danger' : 'secondary'}>
                  {draw
                    ? `概率合计 ${oddsSum.toFixed(2)}%（须为100%）；`
                    : kind === 'sign'
                      ? '连续签到达到天数领取对应奖励；'
                      : ''}
                  奖池总价值 {(pool / 100).toFixed(2)} 元（不能超过预算）
                </Typography.Text>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
