import { PlusOutlined } from '@ant-design/icons';
import { fenToYuan, minuteLabel, packageLabel, type RatePlanRow } from '@netbar/contract';
import { Alert, Button, Popconfirm, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useModeState } from '../../../components/use-mode-form';
import { useDeletePlan } from '../api/session-mutations';
import { usePlans } from '../api/session-queries';
import { RatePlanModal } from './rate-plan-modal';
import { perHour, yuan } from './session-format';

const lines = (items: string[]) =>
  items.length ? (
    <Space direction="vertical" size={0}>
      {items.map((x) => (
        <span key={x}>{x}</span>
      ))}
    </Space>
  ) : (
    '-'
  );

/** 计费方案: the store's rate plans; a logon takes the most specific one for its area and member level. */
export function RatePlansTab() {
  const plans = usePlans();
  const modal = useModeState<RatePlanRow>();
  const remove = useDeletePlan({ success: '删除成功' });
  const columns: TableColumnsType<RatePlanRow> = [
    { title: '方案名称', dataIndex: 'name', width: 130 },
    { title: '适用区域', dataIndex: 'area_name', width: 100 },
    { title: '适用等级', dataIndex: 'level_name', width: 100 },
    { title: '基础单价', width: 120, render: (_, r) => perHour(r.rules.price_per_hour_fen) },
    {
      title: '时段价格',
      render: (_, r) =>
        lines(
          r.rules.bands.map(
            (b) =>
              `${b.name} ${minuteLabel(b.start_minute)}-${minuteLabel(b.end_minute)} ${perHour(b.price_per_hour_fen)}`,
          ),
        ),
    },
    { title: '包时套餐', render: (_, r) => lines(r.rules.packages.map((p) => packageLabel(p, fenToYuan))) },
    {
      title: '最低消费',
      width: 100,
      render: (_, r) => (r.rules.min_charge_fen ? yuan(r.rules.min_charge_fen) : '无'),
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 80,
      render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? '启用' : '停用'}</Tag>,
    },
    {
      title: '操作',
      width: 120,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => modal.edit(r)}>
            编辑
          </Button>
          <Popconfirm
            title={`确定删除计费方案「${r.name}」？`}
            description="上机中的会员仍按上机时的方案计费"
            onConfirm={() => remove.mutate(r.id)}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title="计费规则"
        description="按开始的每一分钟计费；各时段分别按单价折算后向上取整到分。上机时优先使用「区域+等级」方案，其次「区域」方案、「等级」方案、全场方案；非等级专属方案按会员等级的上网折扣计价。包时套餐自动生效：套餐时段内的费用不超过套餐价，超出套餐时段的时间按时段价格继续计费。"
      />
      <Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={modal.add}>
          新增方案
        </Button>
      </Space>
      <Table<RatePlanRow>
        rowKey="id"
        loading={plans.isLoading}
        dataSource={plans.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 1100 }}
        locale={{ emptyText: '还没有计费方案，会员无法上机。请先新增方案' }}
      />
      <RatePlanModal state={modal.state} onClose={modal.close} />
    </Space>
  );
}
