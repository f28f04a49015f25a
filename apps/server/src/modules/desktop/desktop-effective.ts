import { createHash } from 'node:crypto';
import {
  advertUrl,
  type DesktopConfigRow,
  desktopGame,
  desktopIconUrl,
  PERM,
  shanghaiDateTime,
  type TerminalDesktop,
  WALLPAPER_SIZES,
  wallpaperUrl,
} from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { disabledAppPerms } from '../../tenant/index.ts';
import { machineCandidates } from './desktop.repo.ts';

/**
 * The desktop a machine shows now (decision 192): of the store's configurations for its area and for
 * every area (0), the most specific one in force at the Beijing minute — its area's band, its area's
 * all-day row, the store's band, the store's default — with pictures as URLs and only today's adverts.
 * The ETag is a hash of that answer, so anything that changes what the machine shows (an edit, a band
 * starting or ending, an advert's first or last day, the machine moved to another area) changes it.
 */
export function pickConfig(configs: DesktopConfigRow[], areaId: number, hhmm: string) {
  const inForce = (c: DesktopConfigRow) => !c.band_start || (c.band_start <= hhmm && hhmm < c.band_end);
  const rank = (c: DesktopConfigRow) => (c.area_id === areaId && areaId ? 2 : 0) + (c.band_start ? 1 : 0);
  return configs.filter(inForce).sort((a, b) => rank(b) - rank(a))[0];
}

export function buildDesktop(
  base: string,
  machineId: number,
  areaId: number,
  c: DesktopConfigRow | undefined,
  today: string,
): TerminalDesktop {
  const gameIcon = (id: string) => `/api/v1/desktop_game_icon?id=${encodeURIComponent(id)}`;
  return {
    config_id: c?.id ?? 0,
    machine_id: machineId,
    area_id: areaId,
    band: c?.band_start ? `${c.band_start}-${c.band_end}` : '',
    wallpaper: c?.wallpaper
      ? WALLPAPER_SIZES.map((w) => ({ width: w, url: wallpaperUrl(base, c.wallpaper, w) }))
      : [],
    groups: (c?.groups ?? []).map((g) => ({
      name: g.name,
      icons: g.icons.map((i) => {
        if (i.kind === 'custom')
          return {
            kind: 'custom' as const,
            id: '',
            name: i.name,
            path: i.path,
            icon: desktopIconUrl(base, i.icon),
          };
        const game = desktopGame(i.game_id);
        return {
          kind: 'game' as const,
          id: i.game_id,
          name: game?.name ?? i.game_id,
          path: game?.path ?? '',
          icon: gameIcon(i.game_id),
        };
      }),
    })),
    ticker: c?.ticker ?? '',
    adverts: (c?.adverts ?? [])
      .filter((a) => a.start_date <= today && today <= a.end_date)
      .map((a) => ({
        title: a.title,
        image: advertUrl(base, a.image),
        start_date: a.start_date,
        end_date: a.end_date,
      })),
  };
}

export const desktopEtag = (d: TerminalDesktop) =>
  `"dt-${createHash('sha1').update(JSON.stringify(d)).digest('hex').slice(0, 24)}"`;

/** The effective desktop of a machine of the store and its ETag; another store's machine is absent. */
export async function machineDesktop(
  db: Conn,
  imagesBase: string,
  nid: number,
  machineId: number,
  at: number = Date.now(),
): Promise<{ desktop: TerminalDesktop; etag: string }> {
  const [m, off] = await Promise.all([machineCandidates(db, nid, machineId), disabledAppPerms(db, nid)]);
  if (!m) throw new NotFoundError('机器不存在');
  const now = shanghaiDateTime(at);
  // a store that switched 桌面设置 off gives its PCs the plain desktop (config 0) until it is on again
  const configs = off.has(PERM.DESKTOP_SETTINGS) ? [] : m.configs;
  const desktop = buildDesktop(
    imagesBase,
    machineId,
    m.areaId,
    pickConfig(configs, m.areaId, now.slice(11, 16)),
    now.slice(0, 10),
  );
  return { desktop, etag: desktopEtag(desktop) };
}

/** Does an If-None-Match header name this ETag (a list, weak or not, or *)? */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const all = (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((x) => x.trim().replace(/^W\//, ''));
  return all.includes(etag) || all.includes('*');
}
