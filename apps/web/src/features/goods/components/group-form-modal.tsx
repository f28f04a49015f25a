import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { fenToYuan, fenToYuanNumber, type GroupRow, groupSaveBody, yuanInputToFen } from '@netbar/contract';
import { Button, Form, Input, InputNumber, Modal, Radio, Select, Space } from 'antd';
import { type ModeState, useModeForm } from '../../../components/use-mode-form';
import { zodFormRules } from '../../../lib/zod-rules';
import { useSaveGroup } from '../api/goods-mutations';
import { useItemOptions } from '../api/goods-queries';

const rules = zodFormRules(groupSaveBody);
type Values = { name: string; price?: number; shelf_status: 1 | 2; items: { sku_id: number; qty: number }[] };

/** 新增组合 / 编辑组合 (goods_group): two to twenty SKUs sold as one at the combo price. */
export function GroupFormModal({ state, onClose }: { state: ModeState<GroupRow>; onClose: () => void }) {
  const items = useItemOptions(!!state);
  const { form, saving, submit, title } = useModeForm<GroupRow, Values, Record<string, unknown>>(state, {
    valuesOf: (r) => ({
      ...r,
      price: fenToYuanNumber(r.price_fen),
      items: r.items.map((i) => ({ sku_id: i.sku_id, qty: i.qty })),
    }),
    mutation: useSaveGroup(),
    payload: ({ price, ...v }, s) => ({
      ...v,
      id: s.mode === 'edit' ? s.row.id : undefined,
      price_fen: yuanInputToFen(price),
    }),
    onDone: onClose,
  });
  return (
    <Modal
      open={!!state}
      title={title('组合')}
      width={600}
      onOk={submit}
      confirmLoading={saving}
      onCancel={onClose}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ shelf_status: 1, items: [{ qty: 1 }, { qty: 1 }] }}
      >
        <Form.Item name="name" label="组合名称" rules={rules.name} required>
          <Input placeholder="如：开黑套餐" />
        </Form.Item>
        <Form.Item name="price" label="组合价（元）" rules={[{ required: true, message: '请输入组合价' }]}>
          <InputNumber min={0} precision={2} />
        </Form.Item>
        <Form.Item name="shelf_status" label="状态">
          <Radio.Group
            options={[
              { value: 1, label: '上架' },
              { value: 2, label: '下架' },
            ]}
          />
        </Form.Item>
        <Form.List name="items" rules={rules.items}>
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline">
                  <Form.Item
                    name={[f.name, 'sku_id']}
                    rules={[{ required: true, message: '请选择商品' }]}
                    style={{ width: 300 }}
                  >
                    <Select
                      aria-label="商品"
                      showSearch={{ optionFilterProp: 'label' }}
                      placeholder="选择商品"
                      options={items.data
                        ?.filter((i) => i.item_kind === 'goods')
                        .map((i) => ({
                          value: i.item_id,
                          label: `${i.name}（${fenToYuan(i.price_fen)}元）`,
                        }))}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'qty']} rules={[{ required: true, message: '请输入数量' }]}>
                    <InputNumber aria-label="数量" min={1} addonBefore="数量" />
                  </Form.Item>
                  {fields.length > 2 && <MinusCircleOutlined onClick={() => remove(f.name)} />}
                </Space>
              ))}
              <Form.ErrorList errors={errors} />
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ qty: 1 })}>
                添加商品
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
