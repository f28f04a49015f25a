import type { MerchantRow } from '@netbar/contract';
import { useState } from 'react';
import { ChoiceFilter, KeywordFilter } from '../../../components/list-filters';
import { PageTable } from '../../../components/page-table';
import { fetchMerchants } from '../api/merchant-api';
import { merchantKeys } from '../api/merchant-keys';
import { merchantColumns } from '../components/merchant-columns';
import { MerchantDrawer } from '../components/merchant-drawer';
import { ReviewActions } from '../components/review-actions';

/**
 * 进件审核 (/merchantManage/review 6101): the applications waiting for the payment company — 审核中 to
 * approve or reject with a reason, 待签约 to open — each with its documents.
 */
export default function MerchantReviewPage() {
  const [id, setId] = useState<number>();
  return (
    <>
      <PageTable<MerchantRow, { status: number; keyword?: string }>
        title="进件审核"
        queryKey={merchantKeys.list()}
        fetcher={fetchMerchants}
        columns={merchantColumns(setId, '审核')}
        rowKey="id"
        initialFilters={{ status: 1 }}
        filterFormName="merchant-review-filter"
        filterFields={
          <>
            <ChoiceFilter
              name="status"
              label="状态"
              width={120}
              options={[
                { value: 1, label: '审核中' },
                { value: 3, label: '待签约' },
              ]}
            />
            <KeywordFilter label="名称/商户号/手机号" width={220} />
          </>
        }
      />
      <MerchantDrawer
        id={id}
        onClose={() => setId(undefined)}
        actions={(m) => <ReviewActions m={m} onDone={() => setId(undefined)} />}
      />
    </>
  );
}
