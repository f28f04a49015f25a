import { feedback } from '../../../lib/feedback';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { CUSTOM_COLOURS, type CustomColourValue, type GoodsRow } from '@netbar/contract';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Select,
  Space,
  Switch,
} from 'antd';
import { useEffect } from 'react';
import { fetchCategories, fetchMaters, fetchSpecs, saveGoods, toFen } from '../api/goods-api';

interface SkuField {
  id?: number;
  spec: string;
  barcode?: string;
  cost: number;
  price: number;
  member: number;
}
interface Values {
  name: string;
  category_id: number;
  unit: string;
  image_url?: string;
  shelf_status: 1 | 2;
  colour: CustomColourValue;
  track_stock: boolean;
  low_stock: number;
  skus: SkuField[];
  recipe: { mater_id: number; qty: number }[];
}

/** One form for add and edit: the good, its SKUs (from a specification) and its recipe. */
export function GoodsFormModal({
  goods,
  open,
  onClose,
}: {
  goods: GoodsRow | null;
  open: boolean;
  onClose: (saved: boolean) => void;
}) {
  const [form] = Form.useForm<Values>();
  const cats = useQuery({
    queryKey: ['goods', 'class', 'options'],
    queryFn: () => fetchCategories({}),
    enabled: open,
  });
  const specs = useQuery({ queryKey: ['goods', 'spec', 'options'], queryFn: fetchSpecs, enabled: open });
  const maters = useQuery({
    queryKey: ['goods', 'matter', 'options'],
    queryFn: () => fetchMaters({ page: 1, page_size: 1000 }),
    enabled: open,
  });

  useEffect(() => {
    if (!open) return;
    if (goods) {
      form.setFieldsValue({
        ...goods,
        image_url: goods.image_url || undefined,
        skus: goods.skus.map((s) => ({
          id: s.id,
          spec: s.spec,
          barcode: s.barcode || undefined,
          cost: s.cost_fen / 100,
          price: s.price_fen / 100,
          member: s.member_price_fen / 100,
        })),
        recipe: goods.recipe.map((r) => ({ mater_id: r.mater_id, qty: r.qty })),
      });
    } else {
      form.resetFields();
    }
  }, [open, goods, form]);

  const fromSpec = (specId: number) => {
    const spec = specs.data?.list.find((s) => s.id === specId);
    if (!spec) return;
    const cur = form.getFieldValue('skus') as SkuField[];
    const first = cur[0] ?? { cost: 0, price: 0, member: 0 };
    form.setFieldValue(
      'skus',
      spec.values.map(
        (v) =>
          cur.find((c) => c.spec === v) ?? {
            spec: v,
            cost: first.cost,
            price: first.price,
            member: first.member,
          },
      ),
    );
  };

  const submit = async () => {
    const v = await form.validateFields();
    await saveGoods({
      ...v,
      id: goods?.id,
      image_url: v.image_url ?? '',
      skus: v.skus.map((s) => ({
        id: s.id,
        spec: s.spec ?? '',
        barcode: s.barcode,
        cost_fen: toFen(s.cost),
        price_fen: toFen(s.price),
        member_price_fen: toFen(s.member),
      })),
      recipe: v.recipe ?? [],
    });
    feedback.success('保存成功');
    onClose(true);
  };

  return (
    <Modal
      title={goods ? '编辑商品' : '新增商品'}
      open={open}
      width={1000}
      onCancel={() => onClose(false)}
      onOk={submit}
      okText="保存"
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          shelf_status: 1,
          colour: 1,
          track_stock: true,
          low_stock: 0,
          skus: [{ spec: '', cost: 0, price: 0, member: 0 }],
          recipe: [],
        }}
      >
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="name"
              label="商品名称"
              rules={[
                { required: true, message: '请输入商品名称' },
                { max: 30, message: '最多30个字符' },
              ]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="category_id"
              label="商品分类"
              rules={[{ required: true, message: '请选择商品分类' }]}
            >
              <Select
                placeholder="请选择"
                options={cats.data?.list.map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="unit" label="单位" rules={[{ required: true, message: '请输入单位' }]}>
              <Input placeholder="如：瓶、杯、包" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="shelf_status" label="上架状态">
              <Radio.Group
                options={[
                  { value: 1, label: '上架' },
                  { value: 2, label: '下架' },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="track_stock" label="管理库存" valuePropName="checked">
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="low_stock" label="库存预警">
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="colour" label="收银按钮颜色">
              <Radio.Group>
                {Object.entries(CUSTOM_COLOURS).map(([k, c]) => (
                  <Radio key={k} value={Number(k)}>
                    <span
                      style={{
                        display: 'inline-block',
                        width: 14,
                        height: 14,
                        background: c.hex,
                        borderRadius: 3,
                        verticalAlign: -2,
                        marginRight: 4,
                      }}
                    />
                    {c.name}
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="image_url" label="图片地址">
              <Input placeholder="可选" />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">规格与价格（元）</Divider>
        <Space style={{ marginBottom: 8 }}>
          <span>按规格生成：</span>
          <Select
            style={{ width: 200 }}
            placeholder="选择商品规格"
            options={specs.data?.list.map((s) => ({
              value: s.id,
              label: `${s.name}（${s.values.join('/')}）`,
            }))}
            onChange={fromSpec}
            allowClear
          />
        </Space>
        <Form.List name="skus">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" size={8}>
                  <Form.Item name={[f.name, 'spec']} style={{ width: 110 }}>
                    <Input placeholder="规格值" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'barcode']} style={{ width: 150 }}>
                    <Input placeholder="条码" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'cost']} rules={[{ required: true, message: '请输入成本价' }]}>
                    <InputNumber addonBefore="成本" min={0} precision={2} style={{ width: 160 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'price']} rules={[{ required: true, message: '请输入售价' }]}>
                    <InputNumber addonBefore="售价" min={0} precision={2} style={{ width: 160 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'member']} rules={[{ required: true, message: '请输入会员价' }]}>
                    <InputNumber addonBefore="会员" min={0} precision={2} style={{ width: 160 }} />
                  </Form.Item>
                  {fields.length > 1 && (
                    <MinusCircleOutlined onClick={() => remove(f.name)} aria-label="删除规格" />
                  )}
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ spec: '', cost: 0, price: 0, member: 0 })}
              >
                添加规格
              </Button>
            </>
          )}
        </Form.List>
        <Divider titlePlacement="start">配方（每售出一件消耗的原料，售出时扣减原料而不是商品）</Divider>
        <Form.List name="recipe">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline">
                  <Form.Item
                    name={[f.name, 'mater_id']}
                    rules={[{ required: true, message: '请选择原料' }]}
                    style={{ width: 220 }}
                  >
                    <Select
                      placeholder="选择原料"
                      options={maters.data?.list.map((m) => ({
                        value: m.id,
                        label: `${m.name}（${m.unit}）`,
                      }))}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'qty']} rules={[{ required: true, message: '请输入用量' }]}>
                    <InputNumber addonBefore="用量" min={1} precision={0} style={{ width: 160 }} />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(f.name)} aria-label="删除原料" />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()}>
                添加原料
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
