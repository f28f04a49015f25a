import {
  COMMISSION_AMOUNT_MAX_FEN,
  COMMISSION_KIND_LABELS,
  COMMISSION_KINDS,
  COMMISSION_ROLES,
  COMMISSION_TARGET_LABELS,
  COMMISSION_TARGETS,
  type CommissionKind,
  type CommissionRuleRow,
  type CommissionRuleSaveBody,
  type CommissionTarget,
  isPercentKind,
  yuanInputToFen,
} from '@netbar/contract';
import { DatePicker, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ModeState, useModeForm } from '../../../components/use-mode-form';
import { shanghaiNow } from '../../../lib/shanghai-day';
import { useSaveRule } from '../api/commission-mutations';
import { useStaffOptions } from '../api/commission-queries';

interface Values {
  target_type: CommissionTarget;
  role?: string;
  user_id?: number;
  kind: CommissionKind;
  /** Percent with at most 2 decimals (sent as basis points). */
  rate?: number | null;
  /** Yuan (sent as fen). */
  amount?: number | null;
  start_day: Dayjs;
  end_day?: Dayjs | null;
  remark?: string;
}

const DAY = 'YYYY-MM-DD';
const hundredths = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** The same limits and wording as the server (contract commissionRuleSaveBody). */
const rateRule = {
  validator: async (_r: unknown, v: number | null | undefined) => {
    if (v === null || v === undefined) throw new Error('请填写提成比例');
    if (v < 0) throw new Error('提成比例不能为负数');
    if (v > 100) throw new Error('提成比例不能超过100%');
    if (!hundredths(v)) throw new Error('提成比例最多两位小数');
  },
};
const amountRule = {
  validator: async (_r: unknown, v: number | null | undefined) => {
    if (v === null || v === undefined) throw new Error('请填写提成金额');
    if (v < 0) throw new Error('提成金额不能为负数');
    if (yuanInputToFen(v) > COMMISSION_AMOUNT_MAX_FEN) throw new Error('提成金额不能超过1000元');
  },
};

/** 新增/编辑提成规则: by role or person, a percentage or a fixed amount per record, effective days. */
export function RuleFormModal({
  state,
  onClose,
}: {
  state: ModeState<CommissionRuleRow>;
  onClose: () => void;
}) {
  const staff = useStaffOptions(!!state);
  const { form, saving, submit, title } = useModeForm<CommissionRuleRow, Values, CommissionRuleSaveBody>(
    state,
    {
      valuesOf: (r) => ({
        target_type: r.target_type,
        role: r.role ?? undefined,
        user_id: r.user_id ?? undefined,
        kind: r.kind,
        rate: isPercentKind(r.kind) ? r.rate_bp / 100 : null,
        amount: isPercentKind(r.kind) ? null : r.amount_fen / 100,
        start_day: dayjs(r.start_day),
        end_day: r.end_day ? dayjs(r.end_day) : null,
        remark: r.remark,
      }),
      mutation: useSaveRule(),
      payload: (v, s) => {
        const pct = isPercentKind(v.kind);
        return {
          id: s.mode === 'edit' ? s.row.id : undefined,
          target_type: v.target_type,
          role: v.target_type === 'role' ? (v.role as CommissionRuleSaveBody['role']) : undefined,
          user_id: v.target_type === 'person' ? v.user_id : undefined,
          kind: v.kind,
          rate_bp: pct ? Math.round((v.rate ?? 0) * 100) : undefined,
          amount_fen: pct ? undefined : yuanInputToFen(v.amount),
          start_day: v.start_day.format(DAY),
          end_day: v.end_day ? v.end_day.format(DAY) : undefined,
          remark: v.remark?.trim() || undefined,
        };
      },
      onDone: onClose,
    },
  );
  const target = Form.useWatch('target_type', form);
  const kind = Form.useWatch('kind', form) as CommissionKind | undefined;
  const pct = kind ? isPercentKind(kind) : true;
  return (
    <Modal
      title={title('提成规则')}
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
        initialValues={{ target_type: 'role', role: '收银员', kind: 'goods_pct', start_day: shanghaiNow() }}
      >
        <Form.Item name="target_type" label="提成对象">
          <Radio.Group
            options={COMMISSION_TARGETS.map((t) => ({ value: t, label: COMMISSION_TARGET_LABELS[t] }))}
          />
        </Form.Item>
        {target === 'person' ? (
          <Form.Item name="user_id" label="员工" rules={[{ required: true, message: '请选择员工' }]}>
            <Select
              aria-label="员工"
              placeholder="请选择员工"
              loading={staff.isLoading}
              options={(staff.data ?? []).map((p) => ({
                value: p.id,
                label: p.role ? `${p.name}（${p.role}）` : p.name,
              }))}
            />
          </Form.Item>
        ) : (
          <Form.Item name="role" label="岗位" rules={[{ required: true, message: '请选择岗位' }]}>
            <Select aria-label="岗位" options={COMMISSION_ROLES.map((r) => ({ value: r, label: r }))} />
          </Form.Item>
        )}
        <Form.Item name="kind" label="提成方式" rules={[{ required: true, message: '请选择提成方式' }]}>
          <Select
            aria-label="提成方式"
            options={COMMISSION_KINDS.map((k) => ({ value: k, label: COMMISSION_KIND_LABELS[k] }))}
          />
        </Form.Item>
        {pct ? (
          <Form.Item name="rate" label="提成比例(%)" rules={[rateRule]} required>
            <InputNumber aria-label="提成比例" precision={2} style={{ width: 200 }} />
          </Form.Item>
        ) : (
          <Form.Item
            name="amount"
            label="提成金额(元)"
            rules={[amountRule]}
            required
            extra="每笔/每个/每单的固定金额"
          >
            <InputNumber aria-label="提成金额" precision={2} style={{ width: 200 }} />
          </Form.Item>
        )}
        <Form.Item name="start_day" label="生效日期" rules={[{ required: true, message: '请选择生效日期' }]}>
          <DatePicker aria-label="生效日期" allowClear={false} />
        </Form.Item>
        <Form.Item
          name="end_day"
          label="截止日期"
          dependencies={['start_day']}
          extra="不填表示长期有效；同一对象的同一提成方式生效期不能重叠"
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, v: Dayjs | null | undefined) => {
                const start = getFieldValue('start_day') as Dayjs | undefined;
                if (v && start && v.isBefore(start, 'day')) throw new Error('截止日期不能早于生效日期');
              },
            }),
          ]}
        >
          <DatePicker aria-label="截止日期" />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: 100, message: '备注最多100个字符' }]}>
          <Input aria-label="备注" maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
