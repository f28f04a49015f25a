import {
  DESK_KIND_LABEL,
  DESK_KINDS,
  type DeskRow,
  type DeskSaveBody,
  deskSaveBody,
  yuanInputToFen,
} from '@netbar/contract';
import { Form, Input, InputNumber, Modal, Radio, Switch } from 'antd';
import { type ModeState, useModeForm } from '../../../components/use-mode-form';
import { zodFormRules } from '../../../lib/zod-rules';
import { useSaveDesk } from '../api/desk-mutations';

const rules = zodFormRules(deskSaveBody);
const MAX_FEN = 100_000_000;

interface Values {
  name: string;
  kind: DeskSaveBody['kind'];
  area?: string;
  capacity: number;
  hourly?: number | null;
  min_spend?: number | null;
  enabled: boolean;
  remark?: string;
}
const yuanOk = (label: string) => ({
  validator: async (_r: unknown, v?: number | null) => {
    const fen = yuanInputToFen(v);
    if (fen < 0 || fen > MAX_FEN) throw new Error(`${label}须为0-1000000元之间的金额`);
  },
});

/** 新增/编辑包间或桌台: an hourly rate, a minimum spend, or both (one of them is required). */
export function DeskFormModal({ state, onClose }: { state: ModeState<DeskRow>; onClose: () => void }) {
  const { form, saving, submit, title } = useModeForm<DeskRow, Values, DeskSaveBody>(state, {
    valuesOf: (r) => ({
      name: r.name,
      kind: r.kind,
      area: r.area,
      capacity: r.capacity,
      hourly: r.hourly_fen / 100,
      min_spend: r.min_spend_fen / 100,
      enabled: r.enabled,
      remark: r.remark,
    }),
    mutation: useSaveDesk(),
    payload: (v, s) => ({
      id: s.mode === 'edit' ? s.row.id : undefined,
      name: v.name.trim(),
      kind: v.kind,
      area: v.area?.trim() || undefined,
      capacity: v.capacity,
      hourly_fen: yuanInputToFen(v.hourly),
      min_spend_fen: yuanInputToFen(v.min_spend),
      enabled: v.enabled,
      remark: v.remark?.trim() || undefined,
    }),
    onDone: onClose,
  });
  return (
    <Modal
      title={title('包间/桌台')}
      open={!!state}
      onOk={submit}
      okText="保存"
      confirmLoading={saving}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} labelCol={{ span: 6 }} initialValues={{ kind: 'room', capacity: 4, enabled: true }}>
        <Form.Item name="name" label="名称" rules={rules.name} required>
          <Input aria-label="名称" maxLength={20} placeholder="如：电竞包间A、3号桌" />
        </Form.Item>
        <Form.Item name="kind" label="类型" rules={rules.kind}>
          <Radio.Group options={DESK_KINDS.map((k) => ({ value: k, label: DESK_KIND_LABEL[k] }))} />
        </Form.Item>
        <Form.Item name="area" label="区域" rules={rules.area}>
          <Input aria-label="区域" maxLength={20} placeholder="如：二楼（选填）" />
        </Form.Item>
        <Form.Item name="capacity" label="可容纳人数" rules={rules.capacity} required>
          <InputNumber aria-label="可容纳人数" min={1} max={100} precision={0} />
        </Form.Item>
        <Form.Item
          name="hourly"
          label="每小时价格(元)"
          dependencies={['min_spend']}
          rules={[
            yuanOk('每小时价格'),
            ({ getFieldValue }) => ({
              validator: async (_r, v?: number | null) => {
                if (yuanInputToFen(v) <= 0 && yuanInputToFen(getFieldValue('min_spend')) <= 0)
                  throw new Error('请填写每小时价格或最低消费');
              },
            }),
          ]}
        >
          <InputNumber aria-label="每小时价格" min={0} precision={2} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item
          name="min_spend"
          label="最低消费(元)"
          rules={[yuanOk('最低消费')]}
          extra="时长费加商品不足最低消费时，结账补足差额"
        >
          <InputNumber aria-label="最低消费" min={0} precision={2} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch aria-label="启用" />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={rules.remark}>
          <Input aria-label="备注" maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
