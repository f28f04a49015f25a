import { fenToYuan, PROMO_KIND_LABELS, type PromoKind } from '@netbar/contract';
import { type TableColumnsType, Tag } from 'antd';
import { PageTable } from '../../../components/page-table';
import { useModeState } from '../../../components/use-mode-form';
import { fetchPromotions, type PromotionRow } from '../api/goods-api';
import { goodsKeys } from '../api/goods-keys';
import { useDeletePromotion } from '../api/goods-mutations';
import { AddButton, CrudActions } from '../components/crud-actions';
import { PromotionFormModal } from '../components/promotion-form-modal';
import { scopeText } from '../components/scope-fields';

const ruleText = (r: PromotionRow) =>
  r.kind === 'discount'
    ? `${r.rate / 10}折`
    : r.kind === 'fixed'
      ? `一口价 ${fenToYuan(r.price_fen)} 元`
      : r.kind === 'buy_get'
        ? `买${r.buy_n}送${r.get_m}`
        : `任选${r.bundle_qty}件 ${fenToYuan(r.price_fen)} 元`;

/** /goods/commodity_promotion (202): discount, fixed price, buy-N-get-M and bundle promotions with a period and a scope. */
export default function PromotionPage() {
  const modal = useModeState<PromotionRow>();
  const remove = useDeletePromotion();
  const columns: TableColumnsType<PromotionRow> = [
    { title: '活动名称', dataIndex: 'name' },
    {
      title: '方式',
      dataIndex: 'kind',
      render: (k: PromoKind) => <Tag color="orange">{PROMO_KIND_LABELS[k]}</Tag>,
    },
    { title: '规则', render: (_, r) => ruleText(r) },
    { title: '活动时间', render: (_, r) => `${r.start_at.slice(0, 16)} 至 ${r.end_at.slice(0, 16)}` },
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
      <PageTable<PromotionRow>
        title="商品促销"
        queryKey={goodsKeys.promotions()}
        fetcher={() => fetchPromotions()}
        columns={columns}
        rowKey="id"
        toolbar={<AddButton onClick={modal.add}>新增促销</AddButton>}
      />
      <PromotionFormModal state={modal.state} onClose={modal.close} />
    </>
  );
}
