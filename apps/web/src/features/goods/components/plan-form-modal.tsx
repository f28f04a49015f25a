import { PLAN_ACTION_LABELS, planSaveBody, type SalesPlan, WEEKDAY_LABELS } from '@netbar/contract';
import { Checkbox, Form, Input, InputNumber, Modal, Radio, Switch, TimePicker } from 'antd';
import dayjs from 'dayjs';
import { type ModeState, useModeForm } from '../../../components/use-mode-form';
import { zodFormRules } from '../../../lib/zod-rules';
import { useSavePlan } from '../api/goods-mutations';
import { ScopeFields } from './scope-fields';

const rules = zodFormRules(planSaveBody);
type Values = Record<string, unknown> & { time: [dayjs.Dayjs, dayjs.Dayjs]; enabled?: boolean };

/** 新增销售计划 / 编辑销售计划 (goods_sales_plan): the time window travels as minutes of the day. */
export function PlanFormModal({ state, onClose }: { state: ModeState<SalesPlan>; onClose: () => void }) {
  const { form, saving, submit, title } = useModeForm<SalesPlan, Values, Record<string, unknown>>(state, {
    valuesOf: (r) => ({
      ...r,
      time: [
        dayjs().startOf('day').add(r.start_minute, 'minute'),
        dayjs().startOf('day').add(Math.min(r.end_minute, 1439), 'minute'),
      ],
    }),
    mutation: useSavePlan(),
    payload: ({ time, ...v }, s) => {
      const [a, b] = time;
      const end = b.hour() * 60 + b.minute();
      return {
        ...v,
        id: s.mode === 'edit' ? s.row.id : undefined,
        start_minute: a.hour() * 60 + a.minute(),
        end_minute: end === 1439 ? 1440 : end,
        enabled: v.enabled ? 1 : 0,
      };
    },
    onDone: onClose,
  });
  const action = Form.useWatch('action', form);
  return (
    <Modal
      open={!!state}
      title={title('销售计划')}
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
          action: 'rate',
          rate: 90,
          enabled: true,
          scope_mode: 'ordinary',
          scope_rule: 'apply',
          weekdays: [1, 2, 3, 4, 5],
          goods_ids: [],
          category_ids: [],
        }}
      >
        <Form.Item name="name" label="计划名称" rules={rules.name} required>
          <Input placeholder="如：夜宵时段九折" />
        </Form.Item>
        <Form.Item name="weekdays" label="星期" rules={rules.weekdays} required>
          <Checkbox.Group options={WEEKDAY_LABELS.map((l, i) => ({ value: i, label: l }))} />
        </Form.Item>
        <Form.Item name="time" label="时段" rules={[{ required: true, message: '请选择时段' }]}>
          <TimePicker.RangePicker format="HH:mm" />
        </Form.Item>
        <Form.Item name="action" label="方式">
          <Radio.Group
            options={[
              { value: 'rate', label: PLAN_ACTION_LABELS.rate },
              { value: 'unavailable', label: PLAN_ACTION_LABELS.unavailable },
            ]}
          />
        </Form.Item>
        {action === 'rate' && (
          <Form.Item name="rate" label="售价比例（%）" rules={rules.rate}>
            <InputNumber min={1} max={100} />
          </Form.Item>
        )}
        <ScopeFields />
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
