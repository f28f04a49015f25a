import {
  LEASE_MONEY_MAX_FEN,
  LEASE_PRICE_UNIT_LABELS,
  LEASE_PRICE_UNITS,
  type LeaseItemRow,
  type LeaseItemSaveBody,
  leaseItemSaveBody,
  yuanInputToFen,
} from '@netbar/contract';
import { Form, Input, InputNumber, Modal, Radio, Switch } from 'antd';
import { type ModeState, useModeForm } from '../../../components/use-mode-form';
import { zodFormRules } from '../../../lib/zod-rules';
import { useSaveItem } from '../api/lease-mutations';
import { yuanRule } from './yuan-field';

const rules = zodFormRules(leaseItemSaveBody);

interface Values {
  name: string;
  deposit: number | null;
  price: number | null;
  price_unit: LeaseItemSaveBody['price_unit'];
  initial_qty?: number | null;
  enabled: boolean;
  remark?: string;
}

/** 新增/编辑租赁物品: name, deposit and price in yuan (sent as fen), per hour or per use; quantity on add only. */
export function LeaseItemFormModal({
  state,
  onClose,
}: {
  state: ModeState<LeaseItemRow>;
  onClose: () => void;
}) {
  const { form, saving, adding, submit, title } = useModeForm<LeaseItemRow, Values, LeaseItemSaveBody>(
    state,
    {
      valuesOf: (r) => ({
        name: r.name,
        deposit: r.deposit_fen / 100,
        price: r.price_fen / 100,
        price_unit: r.price_unit,
        enabled: r.enabled,
        remark: r.remark,
      }),
      mutation: useSaveItem(),
      payload: (v, s) => ({
        id: s.mode === 'edit' ? s.row.id : undefined,
        name: v.name.trim(),
        deposit_fen: yuanInputToFen(v.deposit),
        price_fen: yuanInputToFen(v.price),
        price_unit: v.price_unit,
        initial_qty: s.mode === 'add' ? (v.initial_qty ?? 0) : undefined,
        enabled: v.enabled,
        remark: v.remark?.trim() || undefined,
      }),
      onDone: onClose,
    },
  );
  return (
    <Modal
      title={title('租赁物品')}
      open={!!state}
      onOk={submit}
      okText="保存"
      confirmLoading={saving}
      onCancel={onClose}
      forceRender
    >
      <Form
        form={form}
        labelCol={{ span: 5 }}
        initialValues={{ price_unit: 'hour', enabled: true, initial_qty: 0 }}
      >
        <Form.Item name="name" label="物品名称" rules={rules.name} required>
          <Input aria-label="物品名称" placeholder="如：无线手柄、耳机、键盘" maxLength={20} />
        </Form.Item>
        <Form.Item name="deposit" label="押金(元)" rules={[yuanRule('押金', LEASE_MONEY_MAX_FEN)]} required>
          <InputNumber aria-label="押金" min={0} precision={2} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="price_unit" label="计费方式" rules={rules.price_unit}>
          <Radio.Group
            options={LEASE_PRICE_UNITS.map((u) => ({ value: u, label: LEASE_PRICE_UNIT_LABELS[u] }))}
          />
        </Form.Item>
        <Form.Item
          name="price"
          label="租金单价(元)"
          rules={[yuanRule('租金单价', LEASE_MONEY_MAX_FEN)]}
          required
        >
          <InputNumber aria-label="租金单价" min={0} precision={2} style={{ width: 200 }} />
        </Form.Item>
        {adding && (
          <Form.Item
            name="initial_qty"
            label="初始数量"
            rules={rules.initial_qty}
            extra="之后用“入库/报废”调整数量"
          >
            <InputNumber aria-label="初始数量" min={0} precision={0} style={{ width: 200 }} />
          </Form.Item>
        )}
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch aria-label="启用" />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={rules.remark}>
          <Input aria-label="备注" maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
