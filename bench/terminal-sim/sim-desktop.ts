// `npm run terminal-sim -- desktop --area 电竞区` (decision 192): a PC fetching its desktop through the
// terminal API, as the PC client does: terminal_desktop with If-None-Match of the last ETag. Prints what
// the machine shows (area, band in force, wallpaper, icon groups in order, ticker, today's adverts); with
// --watch <秒> it polls and prints 未变化 (304) or the new desktop whenever it changes.
import { parseArgs } from 'node:util';
import type { TerminalDesktop } from '@netbar/contract';
import { UsageError } from './sim-setup.ts';
import { TerminalClient } from './terminal-client.ts';

export const DESKTOP_USAGE = `用法：npm run terminal-sim -- desktop [选项]
  --store <门店ID>        门店（默认 1，星际网咖旗舰店）
  --machine <机器ID>      哪台机器（默认 --area 区域的第一台，否则本店第一台）
  --area <区域名>         按区域挑机器，如 电竞区
  --watch <秒>            每隔几秒带 If-None-Match 再取一次，Ctrl-C 结束（默认只取一次）
  --url / --key           同模拟器（默认 http://127.0.0.1:8080、demo-server-key-<门店ID>）`;

export interface DesktopOptions {
  url: string;
  store: number;
  key: string;
  machine?: number;
  area?: string;
  watch: number;
}

export function readDesktopOptions(argv: string[]): DesktopOptions {
  const { values: v } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      store: { type: 'string' },
      key: { type: 'string' },
      machine: { type: 'string' },
      area: { type: 'string' },
      watch: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (v.help) throw new UsageError('');
  for (const k of ['store', 'machine', 'watch'] as const)
    if (v[k] !== undefined && !/^\d+$/.test(v[k])) throw new UsageError(`--${k} 须为正整数`);
  const store = Number(v.store ?? 1);
  return {
    url: (v.url ?? 'http://127.0.0.1:8080').replace(/\/+$/, ''),
    store,
    key: v.key ?? `demo-server-key-${store}`,
    machine: v.machine === undefined ? undefined : Number(v.machine),
    area: v.area,
    watch: Number(v.watch ?? 0),
  };
}

function show(d: TerminalDesktop, area: string, etag: string) {
  console.log(
    `机器 ${d.machine_id}（${area || `区域 ${d.area_id}`}）桌面配置 #${d.config_id || '无'}，时段 ${d.band || '全天'}，ETag ${etag}`,
  );
  console.log(`  壁纸：${d.wallpaper[0]?.url ?? '（默认）'}`);
  for (const g of d.groups) console.log(`  【${g.name}】${g.icons.map((i) => i.name).join('、')}`);
  console.log(`  滚动公告：${d.ticker || '（无）'}`);
  for (const a of d.adverts)
    console.log(`  登录广告：${a.title}（${a.start_date} 至 ${a.end_date}）${a.image}`);
}

export async function runDesktop(o: DesktopOptions): Promise<number> {
  const api = new TerminalClient(o.url, o.store, o.key);
  const list = await api.call<{ list: { id: number; name: string; area: string }[] }>('terminal_machines');
  if (list.status !== 200) {
    console.error(`读取机器列表失败：${list.msg}`);
    return 1;
  }
  const m = o.machine
    ? list.data.list.find((x) => x.id === o.machine)
    : (list.data.list.find((x) => !o.area || x.area === o.area) ?? undefined);
  if (!m) {
    console.error(o.machine ? `机器 ${o.machine} 不是本店的` : `本店没有「${o.area}」的机器`);
    return 1;
  }
  let etag = '';
  for (;;) {
    const t0 = performance.now();
    const r = await fetch(`${o.url}/api/v1/terminal_desktop?machine_id=${m.id}`, {
      headers: {
        'x-netbar-id': String(o.store),
        'x-server-key': o.key,
        ...(etag ? { 'if-none-match': etag } : {}),
      },
    });
    const ms = (performance.now() - t0).toFixed(1);
    if (r.status === 304) console.log(`${new Date().toLocaleTimeString('zh-CN')} 未变化（304，${ms}ms）`);
    else {
      const env = (await r.json()) as { status: number; msg: string; data: TerminalDesktop };
      if (env.status !== 200) {
        console.error(`取桌面失败：${env.msg}`);
        return 1;
      }
      etag = r.headers.get('etag') ?? '';
      show(env.data, m.area, etag);
      console.log(`  （200，${ms}ms）`);
    }
    if (!o.watch) return 0;
    await new Promise((res) => setTimeout(res, o.watch * 1000));
  }
}
