import { PlusOutlined } from '@ant-design/icons';
import { MACHINE_STATES, type MachineRow } from '@netbar/contract';
import { Button, Form, Input, Popconfirm, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { useModeState } from '../../../components/use-mode-form';
import { fetchMachines } from '../api/venue-api';
import { venueKeys } from '../api/venue-keys';
import { useDeleteMachine, useMachineState } from '../api/venue-mutations';
import { AreaSelect } from './area-select';
import { BulkAddModal } from './bulk-add-modal';
import { MachineFormModal } from './machine-form-modal';
import { MoveModal } from './move-modal';
import { STATE_COLOUR } from './seat-style';

/** 机器管理: the store's machines with add, bulk add, move, disable/enable and delete. */
export function MachineListTab() {
  const modal = useModeState<MachineRow>();
  const [bulk, setBulk] = useState(false);
  const [moving, setMoving] = useState(false);
  const remove = useDeleteMachine({ success: '删除成功' });
  const state = useMachineState({ success: '设置成功' });
  const setState = (r: MachineRow, s: string) => state.mutate({ ids: [r.id], state: s });
  const columns: TableColumnsType<MachineRow> = [
    { title: '机器名称', dataIndex: 'name', width: 100 },
    { title: '区域', dataIndex: 'area_name', width: 90 },
    { title: 'IP地址', dataIndex: 'ip', width: 130, render: (v: string) => v || '-' },
    { title: 'MAC地址', dataIndex: 'mac', width: 160, render: (v: string) => v || '-' },
    { title: '硬件备注', dataIndex: 'hardware_note', ellipsis: true, render: (v: string) => v || '-' },
    {
      title: '状态',
      dataIndex: 'state',
      width: 80,
      render: (s: MachineRow['state']) => <Tag color={STATE_COLOUR[s]}>{s}</Tag>,
    },
    { title: '状态时间', dataIndex: 'state_at', width: 160 },
    {
      title: '操作',
      width: 160,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => modal.edit(r)}>
            编辑
          </Button>
          {r.state === '停用' || r.state === '故障' ? (
            <Button type="link" size="small" onClick={() => setState(r, '空闲')}>
              启用
            </Button>
          ) : (
            <Popconfirm title={`确定停用机器「${r.name}」？`} onConfirm={() => setState(r, '停用')}>
              <Button type="link" size="small">
                停用
              </Button>
            </Popconfirm>
          )}
          <Popconfirm title={`确定删除机器「${r.name}」？`} onConfirm={() => remove.mutate(r.id)}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <PageTable<MachineRow>
        queryKey={venueKeys.machines()}
        fetcher={fetchMachines}
        columns={columns}
        rowKey="id"
        filterFields={
          <>
            <Form.Item name="area_id">
              <AreaSelect aria-label="区域" placeholder="全部区域" allowClear style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="state">
              <Select
                aria-label="状态"
                placeholder="全部状态"
                allowClear
                style={{ width: 120 }}
                options={MACHINE_STATES.map((s) => ({ value: s, label: s }))}
              />
            </Form.Item>
            <Form.Item name="keyword">
              <Input aria-label="名称、IP或MAC" placeholder="名称、IP或MAC" allowClear />
            </Form.Item>
          </>
        }
        toolbar={
          <Space>
            <Button type="primary" icon={<PlusOutlined />} onClick={modal.add}>
              新增机器
            </Button>
            <Button onClick={() => setBulk(true)}>批量添加</Button>
            <Button onClick={() => setMoving(true)}>移动区域</Button>
          </Space>
        }
      />
      <MachineFormModal state={modal.state} onClose={modal.close} />
      <BulkAddModal open={bulk} onClose={() => setBulk(false)} />
      <MoveModal open={moving} onClose={() => setMoving(false)} />
    </>
  );
}
