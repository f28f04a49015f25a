import { type RatePlanRow, ratePlanSaveBody } from '@netbar/contract';
import { Col, Divider, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import { type ModeState, useModeForm } from '../../../components/use-mode-form';
import { zodFormRules } from '../../../lib/zod-rules';
import { useSavePlan } from '../api/session-mutations';
import { useAreaChoices, useLevelChoices } from '../api/session-queries';
import { fromRow, NEW_PLAN, type PlanValues, toRules } from './plan-form-values';
import { PlanPreview } from './plan-preview';
import { BandList, PackageList } from './plan-time-lists';

const rules = zodFormRules(ratePlanSaveBody);

/** The whole form checked as the server checks it: overlapping bands, a package ending before it starts… */
const wholePlan = (v: PlanValues) => {
  const r = ratePlanSaveBody.safeParse({ name: v.name || '方案', ...toRules(v) });
  return r.success ? Promise.resolve() : Promise.reject(new Error(r.error.issues[0]?.message ?? '参数错误'));
};

/** 新增计费方案 / 编辑计费方案: target (area, level), base price, bands, packages, minimum charge, preview. */
export function RatePlanModal({ state, onClose }: { state: ModeState<RatePlanRow>; onClose: () => void }) {
  const { form, saving, submit, title } = useModeForm<RatePlanRow, PlanValues, Record<string, unknown>>(
    state,
    {
      valuesOf: fromRow,
      mutation: useSavePlan(),
      payload: (v, s) => ({
        id: s.mode === 'edit' ? s.row.id : undefined,
        name: v.name,
        area_id: v.area_id ?? '',
        level_id: v.level_id ?? '',
        enabled: v.enabled ? 1 : 0,
        ...toRules(v),
      }),
      onDone: onClose,
    },
  );
  const areas = useAreaChoices();
  const levels = useLevelChoices();
  const values = Form.useWatch([], form) as PlanValues | undefined;
  return (
    <Modal
      open={!!state}
      title={title('计费方案')}
      width={860}
      onOk={submit}
      confirmLoading={saving}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" initialValues={NEW_PLAN}>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="name" label="方案名称" rules={rules.name} required>
              <Input placeholder="如：大厅标准" maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="area_id" label="适用区域">
              <Select
                allowClear
                placeholder="全部区域"
                options={(areas.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="level_id" label="适用会员等级" tooltip="不选则按会员等级的上网折扣计费">
              <Select
                allowClear
                placeholder="全部等级"
                options={(levels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
              />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="enabled" label="启用" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="price"
              label="基础单价（元/小时）"
              tooltip="不在任何时段内的时间按此价格计费"
              rules={[{ required: true, message: '请输入基础单价' }]}
            >
              <InputNumber min={0.01} max={1000} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="min_charge" label="最低消费（元）" tooltip="一次上机不足此金额按此金额收取">
              <InputNumber min={0} max={1000} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">时段价格</Divider>
        <BandList />
        <Divider titlePlacement="start">包时套餐（自动按更省的方式计费）</Divider>
        <PackageList />
        <Form.Item
          name="__whole"
          dependencies={['bands', 'packages', 'price', 'min_charge']}
          rules={[{ validator: () => wholePlan(form.getFieldsValue(true)) }]}
        >
          <span />
        </Form.Item>
        <Divider titlePlacement="start">试算</Divider>
        <PlanPreview values={values} />
      </Form>
    </Modal>
  );
}
