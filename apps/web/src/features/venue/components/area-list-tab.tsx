import { PlusOutlined } from '@ant-design/icons';
import { type VenueAreaRow, venueAreaSaveBody } from '@netbar/contract';
import { Button, ColorPicker, Form, Input, InputNumber, Modal, Popconfirm, Space, Table } from 'antd';
import { type ModeState, useModeForm, useModeState } from '../../../components/use-mode-form';
import { zodFormRules } from '../../../lib/zod-rules';
import { useDeleteArea, useSaveArea } from '../api/venue-mutations';
import { useAreas } from '../api/venue-queries';

const rules = zodFormRules(venueAreaSaveBody);
type Values = { name: string; colour: string | { toHexString: () => string }; sort: number };
const hex = (c: Values['colour']) => (typeof c === 'string' ? c : c.toHexString()).toUpperCase();

function AreaFormModal({ state, onClose }: { state: ModeState<VenueAreaRow>; onClose: () => void }) {
  const { form, saving, submit, title } = useModeForm<VenueAreaRow, Values, Record<string, unknown>>(state, {
    mutation: useSaveArea(),
    payload: (v, s) => ({ ...v, colour: hex(v.colour), id: s.mode === 'edit' ? s.row.id : undefined }),
    onDone: onClose,
  });
  return (
    <Modal
      open={!!state}
      title={title('区域')}
      onOk={submit}
      confirmLoading={saving}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" initialValues={{ colour: '#1677FF', sort: 0 }}>
        <Form.Item name="name" label="区域名称" rules={rules.name} required>
          <Input placeholder="如：大厅、电竞区、包间" maxLength={20} />
        </Form.Item>
        <Form.Item name="colour" label="颜色">
          <ColorPicker disabledAlpha showText />
        </Form.Item>
        <Form.Item name="sort" label="排序（小的在前）" rules={rules.sort}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 区域管理: name, colour and order of the store's areas. */
export function AreaListTab() {
  const areas = useAreas();
  const modal = useModeState<VenueAreaRow>();
  const remove = useDeleteArea({ success: '删除成功' });
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={modal.add}>
          新增区域
        </Button>
      </Space>
      <Table<VenueAreaRow>
        rowKey="id"
        loading={areas.isLoading}
        dataSource={areas.data ?? []}
        pagination={false}
        columns={[
          {
            title: '区域名称',
            dataIndex: 'name',
            render: (n: string, r) => (
              <Space>
                <span
                  style={{
                    display: 'inline-block',
                    width: 12,
                    height: 12,
                    borderRadius: 2,
                    background: r.colour,
                  }}
                />
                {n}
              </Space>
            ),
          },
          { title: '机器数', dataIndex: 'machines', width: 120 },
          { title: '排序', dataIndex: 'sort', width: 100 },
          {
            title: '操作',
            width: 160,
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => modal.edit(r)}>
                  编辑
                </Button>
                <Popconfirm title={`确定删除区域「${r.name}」？`} onConfirm={() => remove.mutate(r.id)}>
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <AreaFormModal state={modal.state} onClose={modal.close} />
    </>
  );
}
