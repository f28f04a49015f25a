import {
  fenToYuanPlain,
  GAME_METRIC_LABELS,
  GAME_METRIC_UNITS,
  GAME_METRICS,
  GAME_PERIOD_LABELS,
  GAME_PERIODS,
  GAME_TYPE_LABELS,
  type GameActivityRow,
  type GameType,
} from '@netbar/contract';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import type { ModeState } from '../../../components/use-mode-form';
import { useSaveGame } from '../api/game-mutations';
import { GAME_PRESETS, type TaskField } from './game-presets';

interface Values {
  name: string;
  range: [Dayjs, Dayjs];
  budget_yuan: number;
  tasks: TaskField[];
}

const fen = (y: number | undefined) => Math.round((y ?? 0) * 100);
const yuan = (f: number) => Number(fenToYuanPlain(f));

const fresh = (type: GameType): Values => ({
  name: `${GAME_TYPE_LABELS[type]}赛事`,
  range: [dayjs().startOf('minute'), dayjs().add(30, 'day').endOf('day')],
  budget_yuan: 3000,
  tasks: GAME_PRESETS[type],
});

function valuesOf(r: GameActivityRow): Values {
  return {
    name: r.name,
    range: [dayjs(r.starts_at), dayjs(r.ends_at)],
    budget_yuan: yuan(r.budget_fen),
    tasks: r.tasks.map((x) => ({
      name: x.name,
      metric: x.metric,
      target: x.target,
      period: x.period,
      reward_kind: x.reward_kind,
      amount: x.reward_kind === 'bonus' ? yuan(x.amount) : x.amount,
      cost_yuan: x.reward_kind === 'points' ? yuan(x.cost_fen) : undefined,
      quantity: x.quantity,
    })),
  };
}

const TASK_BOX = {
  border: '1px solid #f0f0f0',
  borderRadius: 8,
  padding: '12px 12px 0',
  marginBottom: 12,
} as const;

const costOf = (x: TaskField | undefined) =>
  x ? (x.reward_kind === 'bonus' ? fen(x.amount) : fen(x.cost_yuan)) * (x.quantity ?? 0) : 0;

/**
 * 新建/编辑赛事活动 (decision 181): name, schedule, budget and the tasks — each a metric (胜场, 对局, 游戏时长,
 * 击杀), a target, a period (每日 or 活动期内) and its reward (奖励金 or 积分) with how many may be paid. The
 * rules are the server's: a refused save shows its Chinese message and the dialog stays open.
 */
export function GameForm({
  type,
  state,
  onClose,
}: {
  type: GameType;
  state: ModeState<GameActivityRow>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSaveGame({ success: '已保存为草稿，发布后会员完成任务即发奖', onSuccess: onClose });
  const tasks = Form.useWatch('tasks', form) ?? [];
  const pool = tasks.reduce((s, x) => s + costOf(x), 0);
  useEffect(() => {
    if (state) form.setFieldsValue(state.mode === 'edit' ? valuesOf(state.row) : fresh(type));
  }, [state, form, type]);
  const submit = (v: Values) =>
    save.mutate({
      ...(state?.mode === 'edit' ? { id: state.row.id } : {}),
      game_type: type,
      name: v.name,
      starts_at: v.range[0].format('YYYY-MM-DD HH:mm'),
      ends_at: v.range[1].format('YYYY-MM-DD HH:mm'),
      budget_fen: fen(v.budget_yuan),
      tasks: JSON.stringify(
        v.tasks.map((x) => ({
          name: x.name,
          metric: x.metric,
          target: x.target,
          period: x.period,
          reward_kind: x.reward_kind,
          amount: x.reward_kind === 'bonus' ? fen(x.amount) : x.amount,
          cost_fen: x.reward_kind === 'bonus' ? fen(x.amount) : fen(x.cost_yuan),
          quantity: x.quantity,
        })),
      ),
    });
  return (
    <Modal
      open={!!state}
      title={`${state?.mode === 'edit' ? '编辑' : '新建'}${GAME_TYPE_LABELS[type]}活动`}
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
        name={`game-form-${type}`}
        layout="vertical"
        onFinish={submit}
        initialValues={fresh(type)}
      >
        <Space wrap size="middle" align="start">
          <Form.Item
            name="name"
            label="活动名称"
            rules={[{ required: true, max: 30, message: '活动名称为1-30个字符' }]}
          >
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="range" label="活动时间" rules={[{ required: true, message: '请选择活动时间' }]}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item
            name="budget_yuan"
            label="活动预算(元)"
            rules={[{ required: true, message: '请输入活动预算' }]}
          >
            <InputNumber min={0} max={1000000} precision={2} style={{ width: 140 }} />
          </Form.Item>
        </Space>
        <Typography.Title level={5}>任务与奖励（成绩达到目标即发奖，每人每个周期一次）</Typography.Title>
        <Form.List name="tasks">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => {
                const x = tasks[f.name];
                const points = x?.reward_kind === 'points';
                return (
                  <div key={f.key} style={TASK_BOX}>
                    <Space align="baseline" wrap size={8}>
                      <Form.Item
                        name={[f.name, 'name']}
                        rules={[{ required: true, max: 20, message: '任务名称为1-20个字符' }]}
                      >
                        <Input placeholder="任务名称" style={{ width: 130 }} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'period']}>
                        <Select
                          style={{ width: 100 }}
                          options={GAME_PERIODS.map((p) => ({ value: p, label: GAME_PERIOD_LABELS[p] }))}
                        />
                      </Form.Item>
                      <Form.Item name={[f.name, 'metric']}>
                        <Select
                          style={{ width: 100 }}
                          options={GAME_METRICS.map((m) => ({ value: m, label: GAME_METRIC_LABELS[m] }))}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'target']}
                        rules={[{ required: true, message: '请输入目标' }]}
                      >
                        <InputNumber
                          min={1}
                          precision={0}
                          addonBefore="达到"
                          addonAfter={x ? GAME_METRIC_UNITS[x.metric] : ''}
                          style={{ width: 130 }}
                        />
                      </Form.Item>
                    </Space>
                    <Space align="baseline" wrap size={8}>
                      <Form.Item name={[f.name, 'reward_kind']}>
                        <Select
                          style={{ width: 92 }}
                          options={[
                            { value: 'bonus', label: '奖励金' },
                            { value: 'points', label: '积分' },
                          ]}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'amount']}
                        rules={[{ required: true, message: '请输入奖励' }]}
                      >
                        <InputNumber
                          min={points ? 1 : 0.01}
                          precision={points ? 0 : 2}
                          addonAfter={points ? '分' : '元'}
                          style={{ width: 110 }}
                        />
                      </Form.Item>
                      {points && (
                        <Form.Item name={[f.name, 'cost_yuan']} tooltip="每次发放计入预算的成本">
                          <InputNumber
                            min={0}
                            precision={2}
                            addonBefore="成本"
                            addonAfter="元"
                            style={{ width: 140 }}
                          />
                        </Form.Item>
                      )}
                      <Form.Item
                        name={[f.name, 'quantity']}
                        rules={[{ required: true, message: '请输入数量' }]}
                      >
                        <InputNumber
                          min={1}
                          precision={0}
                          addonBefore="限"
                          addonAfter="次"
                          style={{ width: 120 }}
                        />
                      </Form.Item>
                      <Button type="link" danger onClick={() => remove(f.name)} disabled={fields.length <= 1}>
                        删除
                      </Button>
                    </Space>
                  </div>
                );
              })}
              <Space wrap>
                <Button
                  onClick={() =>
                    add({
                      name: '',
                      metric: 'wins',
                      target: 1,
                      period: 'day',
                      reward_kind: 'bonus',
                      amount: 5,
                      quantity: 100,
                    })
                  }
                  disabled={fields.length >= 10}
                >
                  添加任务
                </Button>
                <Typography.Text type="secondary">
                  奖池合计 {(pool / 100).toFixed(2)} 元（各任务奖励成本×数量之和，不能超过预算）
                </Typography.Text>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
