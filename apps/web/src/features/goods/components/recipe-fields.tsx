import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Divider, Form, InputNumber, Select, Space } from 'antd';
import { useMaterOptions } from '../api/goods-queries';

/** The recipe rows of the goods form: materials consumed per unit sold. */
export function RecipeFields({ open }: { open: boolean }) {
  const maters = useMaterOptions(open);

  return (
    <>
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
                    aria-label="原料"
                    placeholder="选择原料"
                    options={maters.data?.list.map((m) => ({
                      value: m.id,
                      label: `${m.name}（${m.unit}）`,
                    }))}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'qty']} rules={[{ required: true, message: '请输入用量' }]}>
                  <InputNumber
                    aria-label="用量"
                    addonBefore="用量"
                    min={1}
                    precision={0}
                    style={{ width: 160 }}
                  />
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
    </>
  );
}
