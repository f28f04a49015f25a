import { type DesktopIcon, desktopGame, desktopIconUrl, gameIconSvg } from '@netbar/contract';

/** What an icon shows: its name and picture (a game's drawn SVG as a data URL, a custom one's upload). */
export function iconView(i: DesktopIcon, imagesBase: string): { name: string; src: string } {
  if (i.kind === 'custom') return { name: i.name, src: desktopIconUrl(imagesBase, i.icon) };
  const g = desktopGame(i.game_id);
  if (!g) return { name: i.game_id, src: '' };
  return { name: g.name, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(gameIconSvg(g))}` };
}

/** A stable id for drag and drop within a group. */
export const iconKey = (i: DesktopIcon, n: number) =>
  i.kind === 'game' ? `g:${i.game_id}` : `c:${i.icon}:${i.name}:${n}`;
