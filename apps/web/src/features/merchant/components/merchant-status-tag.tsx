import { MERCHANT_STATUS_LABELS, type MerchantStatus } from '@netbar/contract';
import { Tag } from 'antd';

// light preset tags whose text the theme deepens for 4.5:1 (the status presets success/warning are not)
const COLOURS: Record<MerchantStatus, string> = {
  0: 'default',
  1: 'processing',
  2: 'error',
  3: 'gold',
  4: 'green',
};

export function MerchantStatusTag({ status }: { status: number }) {
  const s = status as MerchantStatus;
  return <Tag color={COLOURS[s] ?? 'default'}>{MERCHANT_STATUS_LABELS[s] ?? '未进件'}</Tag>;
}
