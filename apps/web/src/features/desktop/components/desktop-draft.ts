import type { DesktopConfigRow, DesktopSaveBody } from '@netbar/contract';

/** The editor's draft: a saved configuration's fields, or a new one for every area, all day. */
export const draftOf = (c?: DesktopConfigRow): DesktopSaveBody =>
  c
    ? {
        id: c.id,
        area_id: c.area_id,
        band_start: c.band_start,
        band_end: c.band_end,
        wallpaper: c.wallpaper,
        groups: c.groups,
        ticker: c.ticker,
        adverts: c.adverts,
      }
    : {
        area_id: 0,
        band_start: '',
        band_end: '',
        wallpaper: '',
        groups: [{ name: '热门游戏', icons: [] }],
        ticker: '',
        adverts: [],
      };
