import { fenToYuanNumber, type LevelRow, levelSaveBody, yuanInputToFen } from '@netbar/contract';
import { Button, Form, Input, InputNumber, Modal, Space, Switch } from 'antd';
import { type ModeState, useModeForm } from '../../../components/use-mode-form';
import { zodRule } from '../../../lib/zod-rules';
import { useSaveLevel } from '../api/member-mutations';

type Values = {
  name: string;
  threshold: number;
  rate_discount: number;
  member_price: boolean;
  points_per_yuan: number;
  overdraft: number;
  rules: { threshold: number; bonus: number }[];
};

/** 新增等级 / 编辑等级: amounts in yuan on the form, fen on the wire; bonus rules as 充X送Y lines. */
export function LevelFormModal({ state, onClose }: { state: ModeState<LevelRow>; onClose: () => void }) {
  const { form, saving, submit, title } = useModeForm<LevelRow, Values, Record<string, unknown>>(state, {
    valuesOf: (r) => ({
      name: r.name,
      threshold: fenToYuanNumber(r.threshold_fen),
      rate_discount: r.rate_discount,
      member_price: r.member_price,
      points_per_yuan: r.points_per_yuan,
      overdraft: fenToYuanNumber(r.overdraft_fen),
      rules: r.bonus_rules.map((b) => ({
        threshold: fenToYuanNumber(b.threshold_fen),
        bonus: fenToYuanNumber(b.bonus_fen),
      })),
    }),
    mutation: useSaveLevel(),
    payload: (v, s) => ({
      id: s.mode === 'edit' ? s.row.id : undefined,
      name: v.name,
      threshold_fen: yuanInputToFen(v.threshold),
      rate_discount: v.rate_discount,
      member_price: v.member_price ? 1 : 0,
      points_per_yuan: v.points_per_yuan,
      overdraft_fen: yuanInputToFen(v.overdraft),
      bonus_rules: JSON.stringify(
        (v.rules ?? []).map((r) => ({
          threshold_fen: yuanInputToFen(r.threshold),
          bonus_fen: yuanInputToFen(r.bonus),
        })),
      ),
    }),
    onDone: onClose,
  });
  return (
    <Modal
      open={!!state}
      title={title('会员等级')}
      onOk={submit}
      confirmLoading={saving}
      onCancel={onClose}
      forceRender
      width={560}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          threshold: 0,
          rate_discount: 100,
          member_price: false,
          points_per_yuan: 1,
          overdraft: 0,
          rules: [],
        }}
      >
        <Form.Item name="name" label="等级名称" rules={[zodRule(levelSaveBody.shape.name)]} required>
          <Input maxLength={20} placeholder="如：黄金会员" />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="threshold" label="累计充值达到（元）自动升级">
            <InputNumber min={0} max={1000000} precision={2} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="rate_discount" label="上网折扣（%，100为不打折）">
            <InputNumber min={1} max={100} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="points_per_yuan" label="每充值1元得积分">
            <InputNumber min={0} max={100} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="overdraft" label="透支额度（元）">
            <InputNumber min={0} max={10000} precision={2} style={{ width: 200 }} />
          </Form.Item>
        </Space>
        <Form.Item name="member_price" label="购买商品享会员价" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label="充值赠送规则（取达到的最高档，赠送计入奖励）">
          <Form.List name="rules">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline">
                    <span>充</span>
                    <Form.Item
                      name={[f.name, 'threshold']}
                      rules={[{ required: true, message: '请输入充值门槛' }]}
                    >
                      <InputNumber min={0.01} max={100000} precision={2} />
                    </Form.Item>
                    <span>元 送</span>
                    <Form.Item
                      name={[f.name, 'bonus']}
                      rules={[{ required: true, message: '请输入赠送金额' }]}
                    >
                      <InputNumber min={0} max={100000} precision={2} />
                    </Form.Item>
                    <span>元</span>
                    <Button type="link" danger onClick={() => remove(f.name)}>
                      删除
                    </Button>
                  </Space>
                ))}
                {fields.length < 10 && (
                  <Button type="dashed" onClick={() => add({ threshold: 100, bonus: 20 })}>
                    添加赠送规则
                  </Button>
                )}
              </>
            )}
          </Form.List>
        </Form.Item>
      </Form>
    </Modal>
  );
}
