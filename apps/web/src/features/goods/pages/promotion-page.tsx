import { PROMO_KIND_LABELS, PROMO_KINDS, type PromoKind } from '@netbar/contract';
import {
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  type TableColumnsType,
  Tag,
} from 'antd';
import dayjs from 'dayjs';
import { PageTable } from '../../../components/page-table';
import {
  deletePromotion,
  fetchPromotions,
  GOODS_KEY,
  type PromotionRow,
  savePromotion,
  toFen,
  yuan,
} from '../api/goods-api';
import { AddButton, CrudActions } from '../components/crud-actions';
import { ScopeFields, scopeText } from '../components/scope-fields';
import { useCrudModal } from '../components/use-crud-modal';

const KEY = [...GOODS_KEY, 'promotion'];
const ruleText = (r: PromotionRow) =>
  r.kind === 'discount'
    ? `${r.rate / 10}折`
    : r.kind === 'fixed'
      ? `一口价 ${yuan(r.price_fen)} 元`
      : r.kind === 'buy_get'
        ? `买${r.buy_n}送${r.get_m}`
        : `任选${r.bundle_qty}件 ${yuan(r.price_fen)} 元`;

/** /goods/commodity_promotion (202): discount, fixed price, buy-N-get-M and bundle promotions with a period and a scope. */
export default function PromotionPage() {
  const [form] = Form.useForm();
  const crud = useCrudModal<PromotionRow>(KEY, form);
  const { editing } = crud;
  const kind = Form.useWatch('kind', form) as PromoKind | undefined;
  const columns: TableColumnsType<PromotionRow> = [
    { title: '活动名称', dataIndex: 'name' },
    {
      title: '方式',
      dataIndex: 'kind',
      render: (k: PromoKind) => <Tag color="orange">{PROMO_KIND_LABELS[k]}</Tag>,
    },
    { title: '规则', render: (_, r) => ruleText(r) },
    { title: '活动时间', render: (_, r) => `${r.start_at.slice(0, 16)} 至 ${r.end_at.slice(0, 16)}` },
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
            crud.edit(r, { ...r, price: r.price_fen / 100, period: [dayjs(r.start_at), dayjs(r.end_at)] })
          }
          onDelete={() => deletePromotion(r.id)}
          reload={crud.reload}
        />
      ),
    },
  ];
  return (
    <>
      <PageTable<PromotionRow>
        title="商品促销"
        queryKey={KEY}
        fetcher={() => fetchPromotions()}
        columns={columns}
        rowKey="id"
        toolbar={<AddButton onClick={crud.create}>新增促销</AddButton>}
      />
      <Modal
        {...crud.modalProps}
        title={crud.title('促销')}
        width={620}
        onOk={async () => {
          const { period, price, ...v } = await form.validateFields();
          const [a, b] = period as [dayjs.Dayjs, dayjs.Dayjs];
          await savePromotion({
            ...v,
            id: editing?.id,
            price_fen: price === undefined ? undefined : toFen(price),
            start_at: a.format('YYYY-MM-DD HH:mm'),
            end_at: b.format('YYYY-MM-DD HH:mm'),
            enabled: v.enabled ? 1 : 0,
          });
          crud.saved();
        }}
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            kind: 'discount',
            rate: 90,
            enabled: true,
            scope_mode: 'ordinary',
            scope_rule: 'apply',
            goods_ids: [],
            category_ids: [],
          }}
        >
          <Form.Item name="name" label="活动名称" rules={[{ required: true, message: '请输入活动名称' }]}>
            <Input />
          </Form.Item>
          <Form.Item name="kind" label="促销方式">
            <Select options={PROMO_KINDS.map((k) => ({ value: k, label: PROMO_KIND_LABELS[k] }))} />
          </Form.Item>
          {kind === 'discount' && (
            <Form.Item
              name="rate"
              label="折扣（%，如 80 为八折）"
              rules={[{ required: true, message: '请输入折扣' }]}
            >
              <InputNumber min={1} max={99} />
            </Form.Item>
          )}
          {(kind === 'fixed' || kind === 'bundle') && (
            <Form.Item
              name="price"
              label={kind === 'fixed' ? '一口价（元）' : '组合价（元）'}
              rules={[{ required: true, message: '请输入价格' }]}
            >
              <InputNumber min={0} precision={2} />
            </Form.Item>
          )}
          {kind === 'bundle' && (
            <Form.Item name="bundle_qty" label="任选件数" rules={[{ required: true, message: '请输入件数' }]}>
              <InputNumber min={2} max={99} />
            </Form.Item>
          )}
          {kind === 'buy_get' && (
            <Space>
              <Form.Item name="buy_n" label="买" rules={[{ required: true, message: '请输入数量' }]}>
                <InputNumber min={1} max={99} />
              </Form.Item>
              <Form.Item name="get_m" label="送" rules={[{ required: true, message: '请输入数量' }]}>
                <InputNumber min={1} max={99} />
              </Form.Item>
            </Space>
          )}
          <Form.Item name="period" label="活动时间" rules={[{ required: true, message: '请选择活动时间' }]}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <ScopeFields />
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
