import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/application_manage/machine_position_diagram': () => import('./pages/seat-map-page'),
  '/diagram_detail': () => import('./pages/diagram-detail-page'),
  '/diagram_preview': () => import('./pages/public-seat-page'),
  '/jiweitu': () => import('./pages/public-seat-page'),
};
