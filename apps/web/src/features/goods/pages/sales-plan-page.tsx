import { PLAN_ACTION_LABELS, type SalesPlan, WEEKDAY_LABELS } from '@netbar/contract';
import { type TableColumnsType, Tag } from 'antd';
import { PageTable } from '../../../components/page-table';
import { useModeState } from '../../../components/use-mode-form';
import { fetchPlans } from '../api/goods-api';
import { goodsKeys } from '../api/goods-keys';
import { useDeletePlan } from '../api/goods-mutations';
import { AddButton, CrudActions } from '../components/crud-actions';
import { PlanFormModal } from '../components/plan-form-modal';
import { scopeText } from '../components/scope-fields';

const hm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** /goods/goods_sales_plan (213): time windows by weekday and hour with a price rate or a stop on sales. */
export default function SalesPlanPage() {
  const modal = useModeState<SalesPlan>();
  const remove = useDeletePlan();
  const columns: TableColumnsType<SalesPlan> = [
    { title: '计划名称', dataIndex: 'name' },
    {
      title: '星期',
      dataIndex: 'weekdays',
      render: (w: number[]) => w.map((d) => WEEKDAY_LABELS[d]).join('、'),
    },
    { title: '时段', render: (_, r) => `${hm(r.start_minute)} - ${hm(r.end_minute)}` },
    {
      title: '方式',
      render: (_, r) =>
        r.action === 'rate' ? `${r.rate}%售价` : <Tag color="red">{PLAN_ACTION_LABELS[r.action]}</Tag>,
    },
    { title: '范围', render: (_, r) => scopeText(r) },
    {
      title: '状态',
      dataIndex: 'enabled',
      render: (e: boolean) => (e ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    {
      title: '操作',
      render: (_, r) => <CrudActions onEdit={() => modal.edit(r)} onDelete={() => remove.mutate(r.id)} />,
    },
  ];
  return (
    <>
      <PageTable<SalesPlan>
        title="销售计划"
        queryKey={goodsKeys.plans()}
        fetcher={() => fetchPlans()}
        columns={columns}
        rowKey="id"
        toolbar={<AddButton onClick={modal.add}>新增计划</AddButton>}
      />
      <PlanFormModal state={modal.state} onClose={modal.close} />
    </>
  );
}
