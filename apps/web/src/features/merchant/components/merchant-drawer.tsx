import { Drawer, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useMerchant } from '../api/merchant-queries';
import { MerchantDetailView } from './merchant-detail';

/** A merchant's details in a side drawer, with the caller's actions (审核) in its footer. */
export function MerchantDrawer({
  id,
  onClose,
  actions,
}: {
  id: number | undefined;
  onClose: () => void;
  actions?: (m: NonNullable<ReturnType<typeof useMerchant>['data']>) => ReactNode;
}) {
  const q = useMerchant(id);
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size={760}
      title={q.data ? q.data.legal_name || '商户详情' : '商户详情'}
      footer={q.data && actions ? actions(q.data) : undefined}
      destroyOnHidden
    >
      {q.isError ? (
        <Result status="warning" title="加载数据失败" />
      ) : q.data ? (
        <MerchantDetailView m={q.data} />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
