import { PLAN_ACTION_LABELS, type SalesPlan, WEEKDAY_LABELS } from '@netbar/contract';
import {
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Switch,
  type TableColumnsType,
  Tag,
  TimePicker,
} from 'antd';
import dayjs from 'dayjs';
import { PageTable } from '../../../components/page-table';
import { deletePlan, fetchPlans, GOODS_KEY, savePlan } from '../api/goods-api';
import { AddButton, CrudActions } from '../components/crud-actions';
import { ScopeFields, scopeText } from '../components/scope-fields';
import { useCrudModal } from '../components/use-crud-modal';

const KEY = [...GOODS_KEY, 'plan'];
const hm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** /goods/goods_sales_plan (213): time windows by weekday and hour with a price rate or a stop on sales. */
export default function SalesPlanPage() {
  const [form] = Form.useForm();
  const crud = useCrudModal<SalesPlan>(KEY, form);
  const { editing } = crud;
  const action = Form.useWatch('action', form);
  const columns: TableColumnsType<SalesPlan> = [
    { title: '计划名称', dataIndex: 'name' },
    {
      title: '星期',
      dataIndex: 'weekdays',
      render: (w: number[]) => w.map((d) => WEEKDAY_LABELS[d]).join('、'),
    },
    { title: '时段', render: (_, r) => `${hm(r.start_minute)} - ${hm(r.end_minute)}` },
    {
      title: '方式',
      render: (_, r) =>
        r.action === 'rate' ? `${r.rate}%售价` : <Tag color="red">{PLAN_ACTION_LABELS[r.action]}</Tag>,
    },
    { title: '范围', render: (_, r) => scopeText(r) },
    {
      title: '状态',
      dataIndex: 'enabled',
      render: (e: boolean) => (e ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    {
      title: '操作',
      render: (_, r) => (
        <CrudActions
          onEdit={() =>
            crud.edit(r, {
              ...r,
              time: [
                dayjs().startOf('day').add(r.start_minute, 'minute'),
                dayjs().startOf('day').add(Math.min(r.end_minute, 1439), 'minute'),
              ],
            })
          }
          onDelete={() => deletePlan(r.id)}
          reload={crud.reload}
        />
      ),
    },
  ];
  return (
    <>
      <PageTable<SalesPlan>
        title="销售计划"
        queryKey={KEY}
        fetcher={() => fetchPlans()}
        columns={columns}
        rowKey="id"
        toolbar={<AddButton onClick={crud.create}>新增计划</AddButton>}
      />
      <Modal
        {...crud.modalProps}
        title={crud.title('销售计划')}
        width={620}
        onOk={async () => {
          const { time, ...v } = await form.validateFields();
          const [a, b] = time as [dayjs.Dayjs, dayjs.Dayjs];
          const end = b.hour() * 60 + b.minute();
          await savePlan({
            ...v,
            id: editing?.id,
            start_minute: a.hour() * 60 + a.minute(),
            end_minute: end === 1439 ? 1440 : end,
            enabled: v.enabled ? 1 : 0,
          });
          crud.saved();
        }}
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
          <Form.Item name="name" label="计划名称" rules={[{ required: true, message: '请输入计划名称' }]}>
            <Input placeholder="如：夜宵时段九折" />
          </Form.Item>
          <Form.Item name="weekdays" label="星期" rules={[{ required: true, message: '请选择星期' }]}>
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
            <Form.Item name="rate" label="售价比例（%）">
              <InputNumber min={1} max={100} />
            </Form.Item>
          )}
          <ScopeFields />
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
