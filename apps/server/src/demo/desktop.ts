import { type DesktopGroup, shanghaiDate } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { loadConfig } from '../config.ts';
import { type Db, rows } from '../db/client.ts';
import { createStorage } from '../lib/storage.ts';
import { storePicture } from '../modules/desktop/index.ts';

/** A 1920×1080 picture drawn from SVG: a gradient, a few stars and a title (the demo's wallpapers). */
async function drawn(w: number, h: number, from: string, to: string, title: string, sub: string) {
  let a = title.length * 7919;
  const stars = Array.from({ length: 80 }, () => {
    a = (a * 1103515245 + 12345) & 0x7fffffff;
    const x = a % w;
    a = (a * 1103515245 + 12345) & 0x7fffffff;
    return `<circle cx="${x}" cy="${a % h}" r="${1 + (a % 3)}" fill="#fff" fill-opacity="0.6"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#g)"/>${stars}
    <text x="${w - 80}" y="${h - 200}" font-size="${h / 9}" font-weight="700" text-anchor="end" fill="#fff" fill-opacity="0.9" font-family="'Noto Sans CJK SC',sans-serif">${title}</text>
    <text x="${w - 80}" y="${h - 120}" font-size="${h / 24}" text-anchor="end" fill="#fff" fill-opacity="0.75" font-family="'Noto Sans CJK SC',sans-serif">${sub}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const games = (...ids: string[]) => ids.map((game_id) => ({ kind: 'game' as const, game_id }));

/**
 * 桌面设置 for 星际网咖旗舰店 (decision 192): the store's default desktop (a starry wallpaper, three icon
 * groups, a ticker and a weekend advert running from 30 days ago to 60 days on), 电竞区's own (a red
 * wallpaper, the competitive games first and a custom voice-chat icon) and its 22:00-24:00 night band
 * (another ticker). Pictures go through the module's own upload path (resized by sharp). Idempotent: a
 * store that has any desktop is left alone.
 */
export async function desktopDemo(db: Db): Promise<void> {
  const nid = (await rows<{ id: number }>(db, sql`select id from netbars where name = '星际网咖旗舰店'`))[0]
    ?.id;
  if (!nid) return;
  const had = await rows(db, sql`select 1 from desktop_configs where netbar_id = ${nid} limit 1`);
  if (had.length) return;
  const esports = (
    await rows<{ id: number }>(
      db,
      sql`select id from venue_areas where netbar_id = ${nid} and name = '电竞区'`,
    )
  )[0]?.id;
  // the server's own storage (UPLOAD_DIR, or the bucket: decision 200), from the same environment
  const config = loadConfig();
  const storage = createStorage(config);
  const put = async (kind: 'wallpaper' | 'icon' | 'advert', buf: Buffer) =>
    (await storePicture(storage, config.IMAGES_BASE, kind, buf)).key;
  const hall = await put(
    'wallpaper',
    await drawn(1920, 1080, '#0b1a3a', '#3b1d6e', '星际网咖', '畅玩每一刻'),
  );
  const red = await put(
    'wallpaper',
    await drawn(1920, 1080, '#1a0505', '#a3151b', '电竞区', '专业外设 · 165Hz'),
  );
  const ad = await put('advert', await drawn(1280, 720, '#f5a623', '#d0021b', '周末畅玩', '会员充100送20'));
  const voice = await put(
    'icon',
    await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect x="8" y="8" width="240" height="240" rx="52" fill="#f5c400"/><text x="128" y="160" font-size="96" font-weight="700" text-anchor="middle" fill="#222" font-family="sans-serif">YY</text></svg>`,
      ),
    )
      .png()
      .toBuffer(),
  );
  const day = (n: number) => shanghaiDate(Date.now() + n * 86_400_000);
  const adverts = [{ title: '周末畅玩·充100送20', image: ad, start_date: day(-30), end_date: day(60) }];
  const hallGroups: DesktopGroup[] = [
    { name: '热门游戏', icons: games('lol', 'pubg', 'naraka', 'cs2', 'valorant', 'wzry') },
    { name: '网络游戏', icons: games('cf', 'dnf', 'wow', 'jx3', 'qqspeed', 'genshin') },
    { name: '游戏平台', icons: games('steam', 'wegame', 'battlenet', 'epic') },
  ];
  const esportsGroups: DesktopGroup[] = [
    { name: '竞技', icons: games('pubg', 'lol', 'cs2', 'naraka', 'valorant', 'dota2') },
    {
      name: '工具',
      icons: [{ kind: 'custom', name: 'YY语音', path: 'D:\\Tools\\YY\\YY.exe', icon: voice }],
    },
    { name: '游戏平台', icons: games('steam', 'wegame') },
  ];
  const row = (
    area: number,
    start: string,
    end: string,
    wp: string,
    groups: DesktopGroup[],
    ticker: string,
  ) =>
    sql`(${nid}, ${area}, ${start}, ${end}, ${wp}, ${JSON.stringify(groups)}::jsonb, ${ticker},
      ${JSON.stringify(adverts)}::jsonb, '演示数据')`;
  const values = [
    row(0, '', '', hall, hallGroups, '欢迎光临星际网咖旗舰店！会员充100送20，详询前台'),
    ...(esports
      ? [
          row(esports, '', '', red, esportsGroups, '电竞区：比赛机位请提前预约，耳机麦克风可找网管更换'),
          row(esports, '22:00', '24:00', red, esportsGroups, '夜场开始啦：电竞区夜宵满30减5，呼叫网管下单'),
        ]
      : []),
  ];
  await rows(
    db,
    sql`insert into desktop_configs (netbar_id, area_id, band_start, band_end, wallpaper, groups, ticker, adverts, updated_by)
        values ${sql.join(values, sql`, `)}`,
  );
}
