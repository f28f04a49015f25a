import {
  CUSTOM_COLOURS,
  type CustomColourValue,
  fenToYuanNumber,
  type GoodsRow,
  goodsSaveBody,
  yuanInputToFen,
} from '@netbar/contract';
import { Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Switch } from 'antd';
import { ImageUpload } from '../../../components/image-upload';
import { type ModeState, useModeForm } from '../../../components/use-mode-form';
import { zodFormRules } from '../../../lib/zod-rules';
import { useSaveGoods } from '../api/goods-mutations';
import { useCategoryOptions } from '../api/goods-queries';
import { RecipeFields } from './recipe-fields';
import { type SkuField, SkuFields } from './sku-fields';

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

const rules = zodFormRules(goodsSaveBody);

/** The form values of a good being edited: prices in yuan. */
const valuesOf = (goods: GoodsRow): Values => ({
  ...goods,
  image_url: goods.image_url || undefined,
  skus: goods.skus.map((s) => ({
    id: s.id,
    spec: s.spec,
    barcode: s.barcode || undefined,
    cost: fenToYuanNumber(s.cost_fen),
    price: fenToYuanNumber(s.price_fen),
    member: fenToYuanNumber(s.member_price_fen),
  })),
  recipe: goods.recipe.map((r) => ({ mater_id: r.mater_id, qty: r.qty })),
});

/** The goods_save payload: prices in fen. */
const payload = (v: Values, id: number | undefined) => ({
  ...v,
  id,
  image_url: v.image_url ?? '',
  skus: v.skus.map((s) => ({
    id: s.id,
    spec: s.spec ?? '',
    barcode: s.barcode,
    cost_fen: yuanInputToFen(s.cost),
    price_fen: yuanInputToFen(s.price),
    member_price_fen: yuanInputToFen(s.member),
  })),
  recipe: v.recipe ?? [],
});

/** One form for add and edit: the good, its SKUs (from a specification) and its recipe. */
export function GoodsFormModal({ state, onClose }: { state: ModeState<GoodsRow>; onClose: () => void }) {
  const open = !!state;
  const cats = useCategoryOptions(open);
  // a refused save (e.g. a duplicate name) keeps the dialog open; the request client toasts why
  const { form, saving, submit, title } = useModeForm<GoodsRow, Values, ReturnType<typeof payload>>(state, {
    valuesOf,
    mutation: useSaveGoods(),
    payload: (v, s) => payload(v, s.mode === 'edit' ? s.row.id : undefined),
    onDone: onClose,
  });

  return (
    <Modal
      title={title('商品')}
      open={open}
      width={1000}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      confirmLoading={saving}
      forceRender
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
            <Form.Item name="name" label="商品名称" rules={rules.name} required>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="category_id" label="商品分类" rules={rules.category_id} required>
              <Select
                placeholder="请选择"
                options={cats.data?.list.map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="unit" label="单位" rules={rules.unit} required>
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
            <Form.Item name="low_stock" label="库存预警" rules={rules.low_stock}>
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
            <Form.Item name="image_url" label="商品图片" extra="PNG、JPEG、GIF 或 WebP，不超过 2MB">
              <ImageUpload />
            </Form.Item>
          </Col>
        </Row>
        <SkuFields open={open} />
        <RecipeFields open={open} />
      </Form>
    </Modal>
  );
}
