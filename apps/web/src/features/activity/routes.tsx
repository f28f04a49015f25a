import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/application_manage/index': () => import('./pages/app-centre-page'),
  // 赛事活动 and its settings pages, the title following the game type (decision 181)
  '/application_manage/ActivityGameList': () => import('./pages/game-list-page'),
  '/application_manage/sctivitysettings/:type': () => import('./pages/game-settings-page'),
  '/application_manage/three_kingdoms_kill/:type': () => import('./pages/game-settings-page'),
  '/application_manage/member_activity_list': () => import('./pages/activity-list-page'),
  '/application_manage/member_sign': () => import('./pages/member-sign-page'),
  '/application_manage/lucky_blind_box': () => import('./pages/blind-box-page'),
  '/application_manage/jiftbag_xchange': () => import('./pages/gift-bag-page'),
  '/application_manage/online_red_envelope': () => import('./pages/red-envelope-page'),
  '/application_manage/cashier_luck_draw': () => import('./pages/cashier-draw-page'),
  '/application_manage/marketing_activity_list': () => import('./pages/marketing-activity-page'),
  '/application_manage/live_draw': () => import('./pages/live-draw-page'),
};
