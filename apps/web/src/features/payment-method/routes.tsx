import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/application_manage/payment_settings': () => import('./pages/payment-settings-page'),
  '/merchantManage/fixed_qrcode_audit': () => import('./pages/qrcode-audit-page'),
};
