import {
  DRAW_FROM,
  DRAW_FROM_LABELS,
  type DrawFrom,
  fenToYuanPlain,
  LIVE_DRAW_MAX_WINNERS,
  PRIZE_KIND_LABELS,
  VISITOR_LABELS,
  VISITORS,
} from '@netbar/contract';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import type { ModeState } from '../../../components/use-mode-form';
import type { KindActivityRow } from '../api/activity-api';
import { useSaveLiveDraw } from '../api/activity-mutations';

type DrawPrizeKind = 'bonus' | 'points' | 'minutes';
interface Prize {
  name: string;
  kind: DrawPrizeKind;
  amount: number;
  cost_yuan?: number;
  quantity: number;
}
interface Values {
  name: string;
  draw_at: Dayjs;
  draw_from: DrawFrom;
  visitor: string;
  budget_yuan: number;
  prizes: Prize[];
}

const KINDS: DrawPrizeKind[] = ['bonus', 'points', 'minutes'];
const UNIT: Record<DrawPrizeKind, string> = { bonus: '元', points: '积分', minutes: '分钟' };
const fen = (y: number | undefined) => Math.round((y ?? 0) * 100);
const yuan = (f: number) => Number(fenToYuanPlain(f));
const fresh = (): Values => ({
  name: '周末直播抽奖',
  draw_at: dayjs().add(1, 'day').hour(21).minute(0).second(0),
  draw_from: 'online',
  visitor: 'all',
  budget_yuan: 500,
  prizes: [
    { name: '一等奖', kind: 'bonus', amount: 50, quantity: 1 },
    { name: '二等奖', kind: 'bonus', amount: 10, quantity: 5 },
    { name: '参与奖', kind: 'points', amount: 100, cost_yuan: 0.1, quantity: 20 },
  ],
});
/** The amount as typed: 奖励金 in yuan, points and minutes as they are. */
const amountOf = (p: Prize) => (p.kind === 'bonus' ? fen(p.amount) : Math.round(p.amount));
const costOf = (p: Prize) => (p.kind === 'bonus' ? fen(p.amount) : fen(p.cost_yuan));

function valuesOf(r: KindActivityRow): Values {
  return {
    name: r.name,
    draw_at: dayjs(r.starts_at),
    draw_from: (r.draw_from || 'online') as DrawFrom,
    visitor: r.audience.visitor,
    budget_yuan: yuan(r.budget_fen),
    prizes: r.prizes.map((p) => {
      const kind = p.kind as DrawPrizeKind;
      return {
        name: p.name,
        kind,
        amount: kind === 'bonus' ? yuan(p.amount) : p.amount,
        cost_yuan: yuan(p.cost_fen),
        quantity: p.quantity,
      };
    }),
  };
}

/**
 * 新建/编辑直播抽奖 (decision 178): the draw time, who takes part (members online at the draw, or checked in
 * that day), the audience, the budget and the prizes with their quantities (one winner per unit). The
 * server refuses a past time, more than 500 winners or a pool over the budget, in Chinese.
 */
export function LiveDrawForm({ state, onClose }: { state: ModeState<KindActivityRow>; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveLiveDraw({ success: '已保存为草稿，发布后到时自动开奖', onSuccess: onClose });
  const prizes = Form.useWatch('prizes', form) ?? [];
  const winners = prizes.reduce((s, p) => s + (p?.quantity ?? 0), 0);
  const pool = prizes.reduce((s, p) => s + (p ? costOf(p) * (p.quantity ?? 0) : 0), 0);
  useEffect(() => {
    if (state) form.setFieldsValue(state.mode === 'edit' ? valuesOf(state.row) : fresh());
  }, [state, form]);
  const submit = (v: Values) =>
    save.mutate({
      ...(state?.mode === 'edit' ? { id: state.row.id } : {}),
      name: v.name,
      draw_at: v.draw_at.format('YYYY-MM-DD HH:mm'),
      draw_from: v.draw_from,
      audience: JSON.stringify({ visitor: v.visitor }),
      budget_fen: fen(v.budget_yuan),
      prizes: JSON.stringify(
        v.prizes.map((p) => ({
          name: p.name,
          kind: p.kind,
          amount: amountOf(p),
          cost_fen: costOf(p),
          quantity: p.quantity,
        })),
      ),
    });
  return (
    <Modal
      open={!!state}
      title={state?.mode === 'edit' ? '编辑直播抽奖' : '新建直播抽奖'}
      width={860}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      forceRender
    >
      <Form<Values>
        form={form}
        name="live-draw-form"
        layout="vertical"
        onFinish={submit}
        initialValues={fresh()}
      >
        <Space wrap size="middle" align="start">
          <Form.Item
            name="name"
            label="活动名称"
            rules={[{ required: true, max: 30, message: '活动名称为1-30个字符' }]}
          >
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="draw_at" label="开奖时间" rules={[{ required: true, message: '请选择开奖时间' }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="draw_from" label="抽奖范围">
            <Select
              style={{ width: 210 }}
              options={DRAW_FROM.map((d) => ({ value: d, label: DRAW_FROM_LABELS[d] }))}
            />
          </Form.Item>
        </Space>
        <Space wrap size="middle" align="start">
          <Form.Item name="visitor" label="参与对象">
            <Select
              style={{ width: 200 }}
              options={VISITORS.map((v) => ({ value: v, label: VISITOR_LABELS[v] }))}
            />
          </Form.Item>
          <Form.Item
            name="budget_yuan"
            label="活动预算(元)"
            rules={[{ required: true, message: '请输入活动预算' }]}
          >
            <InputNumber min={0} max={1000000} precision={2} style={{ width: 140 }} />
          </Form.Item>
        </Space>
        <Typography.Title level={5}>奖品（每份一名中奖会员，按顺序抽取）</Typography.Title>
        <Form.List name="prizes">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => {
                const kind = prizes[f.name]?.kind ?? 'bonus';
                return (
                  <Space key={f.key} align="baseline" wrap>
                    <Form.Item
                      name={[f.name, 'name']}
                      rules={[{ required: true, message: '请输入奖品名称' }]}
                    >
                      <Input placeholder="奖品名称" style={{ width: 120 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'kind']}>
                      <Select
                        style={{ width: 110 }}
                        options={KINDS.map((k) => ({ value: k, label: PRIZE_KIND_LABELS[k] }))}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'amount']} rules={[{ required: true, message: '请输入数值' }]}>
                      <InputNumber
                        min={kind === 'bonus' ? 0.01 : 1}
                        precision={kind === 'bonus' ? 2 : 0}
                        addonAfter={UNIT[kind]}
                        style={{ width: 100 }}
                      />
                    </Form.Item>
                    {kind !== 'bonus' && (
                      <Form.Item name={[f.name, 'cost_yuan']}>
                        <InputNumber
                          min={0}
                          precision={2}
                          addonBefore="成本"
                          addonAfter="元"
                          style={{ width: 90 }}
                        />
                      </Form.Item>
                    )}
                    <Form.Item
                      name={[f.name, 'quantity']}
                      rules={[{ required: true, message: '请输入数量' }]}
                    >
                      <InputNumber
                        min={1}
                        max={LIVE_DRAW_MAX_WINNERS}
                        precision={0}
                        addonBefore="数量"
                        style={{ width: 80 }}
                      />
                    </Form.Item>
                    <Button type="link" danger onClick={() => remove(f.name)} disabled={fields.length <= 1}>
                      删除
                    </Button>
                  </Space>
                );
              })}
              <Space wrap>
                <Button
                  onClick={() => add({ name: '', kind: 'bonus', amount: 5, quantity: 1 })}
                  disabled={fields.length >= 10}
                >
                  添加奖品
                </Button>
                <Typography.Text type="secondary">
                  共 {winners} 名中奖；奖池总价值 {(pool / 100).toFixed(2)} 元（不能超过预算）
                </Typography.Text>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
