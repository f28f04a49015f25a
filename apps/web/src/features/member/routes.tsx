import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/Member/member_manage': () => import('./pages/member-list-page'),
  '/Member/Member_rights': () => import('./pages/member-rights-page'),
  '/Member/redemption_record': () => import('./pages/redemption-page'),
  '/scan_logon': () => import('./pages/scan-logon-page'),
};
