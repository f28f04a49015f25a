import {
  bpToPercentText,
  COMMISSION_KIND_LABELS,
  COMMISSION_KINDS,
  type CommissionRuleRow,
  fenToYuan,
  isPercentKind,
} from '@netbar/contract';
import { Button, Popconfirm, Space, type TableColumnsType, Tag } from 'antd';
import { AddButton, ChoiceFilter } from '../../../components/list-filters';
import { PageTable } from '../../../components/page-table';
import { useModeState } from '../../../components/use-mode-form';
import { fetchRules } from '../api/commission-api';
import { commissionKeys } from '../api/commission-keys';
import { useDeleteRule } from '../api/commission-mutations';
import { RuleFormModal } from './rule-form-modal';

const UNIT: Record<string, string> = { topup_fixed: '笔', new_member_fixed: '个', seat_delivery_fixed: '单' };
/** '5%' or '1.00元/笔'. */
export const ruleValue = (r: CommissionRuleRow) =>
  isPercentKind(r.kind) ? bpToPercentText(r.rate_bp) : `${fenToYuan(r.amount_fen)}元/${UNIT[r.kind] ?? '笔'}`;

/** 提成规则: every rule of the store (the owner adds, edits, deletes); a staff member sees the rules that pay them. */
export function RuleTable({ owner }: { owner: boolean }) {
  const modal = useModeState<CommissionRuleRow>();
  const del = useDeleteRule({ success: '删除成功' });
  const columns: TableColumnsType<CommissionRuleRow> = [
    {
      title: '提成对象',
      key: 'target',
      render: (_: unknown, r) =>
        r.target_type === 'role' ? (
          <Tag color="blue">岗位：{r.role}</Tag>
        ) : (
          <Tag color="purple">个人：{r.user_name}</Tag>
        ),
    },
    {
      title: '提成方式',
      dataIndex: 'kind',
      render: (k: CommissionRuleRow['kind']) => COMMISSION_KIND_LABELS[k],
    },
    { title: '比例/金额', key: 'value', align: 'right', render: (_: unknown, r) => ruleValue(r) },
    { title: '生效日期', dataIndex: 'start_day' },
    { title: '截止日期', dataIndex: 'end_day', render: (d: string | null) => d ?? '长期' },
    { title: '备注', dataIndex: 'remark', render: (v: string) => v || '—' },
    { title: '更新人', dataIndex: 'updated_by' },
    { title: '更新时间', dataIndex: 'updated_at' },
    ...(owner
      ? [
          {
            title: '操作',
            key: 'op',
            fixed: 'right' as const,
            width: 120,
            render: (_: unknown, r: CommissionRuleRow) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => modal.edit(r)}>
                  编辑
                </Button>
                <Popconfirm
                  title="删除这条提成规则？已计算的各期提成会按删除后的规则重新计算"
                  onConfirm={() => del.mutate(r.id)}
                  okText="删除"
                  cancelText="取消"
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <PageTable<CommissionRuleRow>
        queryKey={commissionKeys.rules()}
        fetcher={fetchRules}
        columns={columns}
        rowKey="id"
        toolbar={owner ? <AddButton onClick={modal.add}>新增规则</AddButton> : undefined}
        filterFields={
          <ChoiceFilter
            name="kind"
            label="提成方式"
            width={180}
            options={COMMISSION_KINDS.map((k) => ({ value: k, label: COMMISSION_KIND_LABELS[k] }))}
          />
        }
      />
      {owner && <RuleFormModal state={modal.state} onClose={modal.close} />}
    </>
  );
}
