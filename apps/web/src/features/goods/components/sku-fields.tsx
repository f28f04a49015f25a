import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { skuInput } from '@netbar/contract';
import { Button, Divider, Form, Input, InputNumber, Select, Space } from 'antd';
import { zodFormRules } from '../../../lib/zod-rules';
import { useSpecOptions } from '../api/goods-queries';

const rules = zodFormRules(skuInput);

export interface SkuField {
  id?: number;
  spec: string;
  barcode?: string;
  cost: number;
  price: number;
  member: number;
}

/** The SKU rows of the goods form (prices in yuan), optionally generated from a specification. */
export function SkuFields({ open }: { open: boolean }) {
  const form = Form.useFormInstance();
  const specs = useSpecOptions(open);

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

  return (
    <>
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
                {/* the SKU's id travels with it: without it an edit would replace the SKU and its stock */}
                <Form.Item name={[f.name, 'id']} hidden>
                  <Input />
                </Form.Item>
                <Form.Item name={[f.name, 'spec']} rules={rules.spec} style={{ width: 110 }}>
                  <Input aria-label="规格值" placeholder="规格值" />
                </Form.Item>
                <Form.Item name={[f.name, 'barcode']} rules={rules.barcode} style={{ width: 150 }}>
                  <Input aria-label="条码" placeholder="条码" />
                </Form.Item>
                <Form.Item name={[f.name, 'cost']} rules={[{ required: true, message: '请输入成本价' }]}>
                  <InputNumber
                    aria-label="成本"
                    addonBefore="成本"
                    min={0}
                    precision={2}
                    style={{ width: 160 }}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'price']} rules={[{ required: true, message: '请输入售价' }]}>
                  <InputNumber
                    aria-label="售价"
                    addonBefore="售价"
                    min={0}
                    precision={2}
                    style={{ width: 160 }}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'member']} rules={[{ required: true, message: '请输入会员价' }]}>
                  <InputNumber
                    aria-label="会员"
                    addonBefore="会员"
                    min={0}
                    precision={2}
                    style={{ width: 160 }}
                  />
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
    </>
  );
}
