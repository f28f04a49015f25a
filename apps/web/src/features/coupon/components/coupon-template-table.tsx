import {
  COUPON_KIND_LABELS,
  COUPON_TEMPLATE_STATUS_LABELS,
  type CouponTemplateRow,
  couponRule,
} from '@netbar/contract';
import { Button, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { AddButton, ChoiceFilter, KeywordFilter } from '../../../components/list-filters';
import { PageTable } from '../../../components/page-table';
import { useModeState } from '../../../components/use-mode-form';
import { fetchTemplates } from '../api/coupon-api';
import { couponKeys } from '../api/coupon-keys';
import { useTemplateStatus } from '../api/coupon-mutations';
import { CouponIssueModal } from './coupon-issue-modal';
import { CouponTemplateForm } from './coupon-template-form';

const validity = (r: CouponTemplateRow) =>
  r.valid_mode === 'range' ? `${r.valid_from} 至 ${r.valid_to}` : `领取后${r.valid_days}天内`;

/** 券模板: the store's templates (and its chain head's), 新建/编辑, 发放, 启用/停用. */
export function CouponTemplateTable() {
  const modal = useModeState<CouponTemplateRow>();
  const [issuing, setIssuing] = useState<CouponTemplateRow | null>(null);
  const status = useTemplateStatus({ success: '状态已更新' });
  const columns: TableColumnsType<CouponTemplateRow> = [
    { title: '券名称', dataIndex: 'name', width: 140 },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 80,
      render: (k: CouponTemplateRow['kind']) => COUPON_KIND_LABELS[k],
    },
    { title: '规则', key: 'rule', width: 110, render: (_, r) => couponRule(r) },
    {
      title: '适用商品',
      key: 'scope',
      width: 150,
      ellipsis: true,
      render: (_, r) => (r.category_names.length ? r.category_names.join('、') : '全部商品'),
    },
    { title: '有效期', key: 'valid', width: 200, render: (_, r) => validity(r) },
    { title: '已发放', dataIndex: 'issued', width: 70, align: 'right' },
    { title: '已使用', dataIndex: 'used', width: 70, align: 'right' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 70,
      render: (s: CouponTemplateRow['status']) => (
        <Tag color={s === 'active' ? 'green' : 'default'}>{COUPON_TEMPLATE_STATUS_LABELS[s]}</Tag>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 170,
      render: (_, r) => (
        <Space size={0}>
          {r.status === 'active' && (
            <Button type="link" size="small" onClick={() => setIssuing(r)}>
              发放
            </Button>
          )}
          {r.own && (
            <>
              <Button type="link" size="small" onClick={() => modal.edit(r)}>
                编辑
              </Button>
              <Button
                type="link"
                size="small"
                onClick={() =>
                  status.mutate({ id: r.id, status: r.status === 'active' ? 'disabled' : 'active' })
                }
              >
                {r.status === 'active' ? '停用' : '启用'}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <PageTable<CouponTemplateRow, { keyword?: string; status?: string }>
        queryKey={couponKeys.templates()}
        fetcher={fetchTemplates}
        columns={columns}
        rowKey="id"
        size="middle"
        filterFormName="coupon-template-filter"
        filterFields={
          <>
            <KeywordFilter label="券名称" width={160} />
            <ChoiceFilter
              name="status"
              label="状态"
              width={110}
              options={Object.entries(COUPON_TEMPLATE_STATUS_LABELS).map(([value, label]) => ({
                value,
                label,
              }))}
            />
          </>
        }
        toolbar={<AddButton onClick={modal.add}>新建优惠券</AddButton>}
      />
      <CouponTemplateForm state={modal.state} onClose={modal.close} />
      <CouponIssueModal template={issuing} onClose={() => setIssuing(null)} />
    </>
  );
}
