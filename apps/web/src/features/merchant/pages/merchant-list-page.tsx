import { MERCHANT_STATUS_LABELS, MERCHANT_STATUSES, type MerchantRow } from '@netbar/contract';
import { useState } from 'react';
import { ChoiceFilter, KeywordFilter } from '../../../components/list-filters';
import { PageTable } from '../../../components/page-table';
import { fetchMerchants } from '../api/merchant-api';
import { merchantKeys } from '../api/merchant-keys';
import { merchantColumns } from '../components/merchant-columns';
import { MerchantDrawer } from '../components/merchant-drawer';

/** 商户列表 (/merchantManage/list 6102): every submitted merchant, searched and paged 10/20/30/50. */
export default function MerchantListPage() {
  const [id, setId] = useState<number>();
  return (
    <>
      <PageTable<MerchantRow, { status?: number; keyword?: string }>
        title="商户列表"
        queryKey={merchantKeys.list()}
        fetcher={fetchMerchants}
        columns={merchantColumns(setId)}
        rowKey="id"
        filterFormName="merchant-list-filter"
        filterFields={
          <>
            <ChoiceFilter
              name="status"
              label="状态"
              width={120}
              options={MERCHANT_STATUSES.filter((s) => s !== 0).map((s) => ({
                value: s,
                label: MERCHANT_STATUS_LABELS[s],
              }))}
            />
            <KeywordFilter label="名称/商户号/手机号/法人" width={240} />
          </>
        }
      />
      <MerchantDrawer id={id} onClose={() => setId(undefined)} />
    </>
  );
}
