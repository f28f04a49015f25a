/**
 * The maintained list of common games a desktop may show (decision 192). An id is stable once published:
 * saved desktops name games by it, and an id not in this list is refused. Each game's icon is drawn from
 * its short name and colour (`gameIconSvg`), served by desktop_game_icon and used by the editor's preview.
 * Add a game at the end of its group; never reuse or rename an id.
 */
export interface DesktopGame {
  id: string;
  name: string;
  /** One or two characters drawn on the icon. */
  short: string;
  colour: string;
  /** The launcher's usual path on a netbar PC (the PC client may map it to its own game disk). */
  path: string;
  kind: '网游' | '竞技' | '休闲' | '平台';
}

export const DESKTOP_GAMES: readonly DesktopGame[] = [
  {
    id: 'lol',
    name: '英雄联盟',
    short: '英雄',
    colour: '#0A5AA8',
    path: 'D:\\Games\\英雄联盟\\TCLS\\Client.exe',
    kind: '竞技',
  },
  {
    id: 'pubg',
    name: '绝地求生',
    short: '吃鸡',
    colour: '#E8A317',
    path: 'D:\\Games\\PUBG\\TslGame.exe',
    kind: '竞技',
  },
  {
    id: 'naraka',
    name: '永劫无间',
    short: '永劫',
    colour: '#8E1B1B',
    path: 'D:\\Games\\永劫无间\\NarakaBladepoint.exe',
    kind: '竞技',
  },
  {
    id: 'cs2',
    name: 'CS2',
    short: 'CS',
    colour: '#DE9B35',
    path: 'D:\\Games\\Steam\\steamapps\\common\\CS2\\cs2.exe',
    kind: '竞技',
  },
  {
    id: 'dota2',
    name: 'DOTA2',
    short: 'DOTA',
    colour: '#A32B21',
    path: 'D:\\Games\\Steam\\steamapps\\common\\dota 2 beta\\dota2.exe',
    kind: '竞技',
  },
  {
    id: 'valorant',
    name: '无畏契约',
    short: '无畏',
    colour: '#FF4655',
    path: 'D:\\Games\\无畏契约\\VALORANT.exe',
    kind: '竞技',
  },
  {
    id: 'cf',
    name: '穿越火线',
    short: 'CF',
    colour: '#2F4F2F',
    path: 'D:\\Games\\穿越火线\\TCLS\\Client.exe',
    kind: '网游',
  },
  {
    id: 'dnf',
    name: '地下城与勇士',
    short: 'DNF',
    colour: '#5B2C83',
    path: 'D:\\Games\\地下城与勇士\\TCLS\\Client.exe',
    kind: '网游',
  },
  {
    id: 'wow',
    name: '魔兽世界',
    short: '魔兽',
    colour: '#1B3A6B',
    path: 'D:\\Games\\魔兽世界\\Wow.exe',
    kind: '网游',
  },
  {
    id: 'jx3',
    name: '剑网3',
    short: '剑三',
    colour: '#3A7D44',
    path: 'D:\\Games\\剑网3\\SeasunGame.exe',
    kind: '网游',
  },
  {
    id: 'nsh',
    name: '逆水寒',
    short: '逆水',
    colour: '#2D5F73',
    path: 'D:\\Games\\逆水寒\\launcher.exe',
    kind: '网游',
  },
  {
    id: 'qqspeed',
    name: 'QQ飞车',
    short: '飞车',
    colour: '#1E90FF',
    path: 'D:\\Games\\QQ飞车\\TCLS\\Client.exe',
    kind: '休闲',
  },
  {
    id: 'qqdance',
    name: 'QQ炫舞',
    short: '炫舞',
    colour: '#E75480',
    path: 'D:\\Games\\QQ炫舞\\TCLS\\Client.exe',
    kind: '休闲',
  },
  {
    id: 'genshin',
    name: '原神',
    short: '原神',
    colour: '#4A90C2',
    path: 'D:\\Games\\原神\\YuanShen.exe',
    kind: '网游',
  },
  {
    id: 'wzry',
    name: '王者荣耀',
    short: '王者',
    colour: '#C89B3C',
    path: 'D:\\Games\\王者荣耀\\SGame.exe',
    kind: '竞技',
  },
  {
    id: 'hearthstone',
    name: '炉石传说',
    short: '炉石',
    colour: '#B8860B',
    path: 'D:\\Games\\炉石传说\\Hearthstone.exe',
    kind: '休闲',
  },
  {
    id: 'steam',
    name: 'Steam',
    short: 'S',
    colour: '#171A21',
    path: 'D:\\Games\\Steam\\steam.exe',
    kind: '平台',
  },
  {
    id: 'wegame',
    name: 'WeGame',
    short: 'WG',
    colour: '#F5A623',
    path: 'D:\\Games\\WeGame\\wegame.exe',
    kind: '平台',
  },
  {
    id: 'battlenet',
    name: '战网',
    short: '战网',
    colour: '#148EFF',
    path: 'D:\\Games\\Battle.net\\Battle.net Launcher.exe',
    kind: '平台',
  },
  {
    id: 'epic',
    name: 'Epic',
    short: 'E',
    colour: '#2A2A2A',
    path: 'D:\\Games\\Epic Games\\EpicGamesLauncher.exe',
    kind: '平台',
  },
];

export const DESKTOP_GAME_IDS: ReadonlySet<string> = new Set(DESKTOP_GAMES.map((g) => g.id));
export const desktopGame = (id: string) => DESKTOP_GAMES.find((g) => g.id === id);

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The game's icon: a rounded square in its colour with its short name (SVG, 128×128). */
export function gameIconSvg(g: DesktopGame): string {
  const size = g.short.length > 2 ? 34 : g.short.length === 2 ? 44 : 64;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><rect x="4" y="4" width="120" height="120" rx="26" fill="${g.colour}"/><rect x="4" y="4" width="120" height="60" rx="26" fill="#fff" fill-opacity="0.12"/><text x="64" y="${64 + size * 0.36}" font-size="${size}" font-weight="700" text-anchor="middle" fill="#fff" font-family="'Noto Sans CJK SC','Microsoft YaHei',sans-serif">${esc(g.short)}</text></svg>`;
}
