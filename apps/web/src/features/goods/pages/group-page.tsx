import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { type GroupRow, SHELF_STATUS_LABELS } from '@netbar/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  type TableColumnsType,
  Tag,
} from 'antd';
import { PageTable } from '../../../components/page-table';
import {
  deleteGroup,
  fetchGroups,
  fetchItemOptions,
  GOODS_KEY,
  saveGroup,
  toFen,
  yuan,
} from '../api/goods-api';
import { AddButton, CrudActions } from '../components/crud-actions';
import { useCrudModal } from '../components/use-crud-modal';

const KEY = [...GOODS_KEY, 'group'];

/** /goods/goods_group (267): combos and sets sold as one, at their own price. */
export default function GroupPage() {
  const [form] = Form.useForm();
  const crud = useCrudModal<GroupRow>(KEY, form);
  const { editing } = crud;
  const items = useQuery({ queryKey: ['goods', 'items'], queryFn: fetchItemOptions, enabled: !!editing });
  const columns: TableColumnsType<GroupRow> = [
    { title: '组合名称', dataIndex: 'name' },
    {
      title: '包含商品',
      dataIndex: 'items',
      render: (its: GroupRow['items']) => its.map((i) => `${i.name}×${i.qty}`).join('、'),
    },
    { title: '原价合计(元)', render: (_, r) => yuan(r.items.reduce((s, i) => s + i.price_fen * i.qty, 0)) },
    { title: '组合价(元)', dataIndex: 'price_fen', render: (f: number) => yuan(f) },
    {
      title: '状态',
      dataIndex: 'shelf_status',
      render: (s: 1 | 2) => <Tag color={s === 1 ? 'green' : 'default'}>{SHELF_STATUS_LABELS[s]}</Tag>,
    },
    {
      title: '操作',
      render: (_, r) => (
        <CrudActions
          onEdit={() =>
            crud.edit(r, {
              ...r,
              price: r.price_fen / 100,
              items: r.items.map((i) => ({ sku_id: i.sku_id, qty: i.qty })),
            })
          }
          onDelete={() => deleteGroup(r.id)}
          reload={crud.reload}
        />
      ),
    },
  ];
  return (
    <>
      <PageTable<GroupRow>
        title="商品组合"
        queryKey={KEY}
        fetcher={() => fetchGroups()}
        columns={columns}
        rowKey="id"
        toolbar={<AddButton onClick={crud.create}>新增组合</AddButton>}
      />
      <Modal
        {...crud.modalProps}
        title={crud.title('组合')}
        width={600}
        onOk={async () => {
          const { price, ...v } = await form.validateFields();
          await saveGroup({ ...v, id: editing?.id, price_fen: toFen(price) });
          crud.saved();
        }}
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ shelf_status: 1, items: [{ qty: 1 }, { qty: 1 }] }}
        >
          <Form.Item name="name" label="组合名称" rules={[{ required: true, message: '请输入组合名称' }]}>
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
          <Form.List name="items">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline">
                    <Form.Item
                      name={[f.name, 'sku_id']}
                      rules={[{ required: true, message: '请选择商品' }]}
                      style={{ width: 300 }}
                    >
                      <Select
                        showSearch={{ optionFilterProp: 'label' }}
                        placeholder="选择商品"
                        options={items.data
                          ?.filter((i) => i.item_kind === 'goods')
                          .map((i) => ({ value: i.item_id, label: `${i.name}（${yuan(i.price_fen)}元）` }))}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'qty']} rules={[{ required: true, message: '请输入数量' }]}>
                      <InputNumber min={1} addonBefore="数量" />
                    </Form.Item>
                    {fields.length > 2 && <MinusCircleOutlined onClick={() => remove(f.name)} />}
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ qty: 1 })}>
                  添加商品
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      </Modal>
    </>
  );
}
