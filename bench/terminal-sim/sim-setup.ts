// Options of `npm run terminal-sim` and what it needs before the first event: the store's machine ids
// and the member cards it may log on with, both read through documented calls (no database access).
import { parseArgs } from 'node:util';
import { demoMemberCards } from '../../apps/server/src/demo/member.ts';
import { parseIdList, type TerminalClient } from './terminal-client.ts';

export interface SimOptions {
  url: string;
  store: number;
  key: string;
  machines: number;
  machineIds?: number[];
  mapToken?: string;
  cards?: string[];
  pace: number;
  duration: number;
  heartbeat: number;
  minSession: number;
  statusEvery: number;
}

export const USAGE = `用法：npm run terminal-sim -- --store <门店ID> [选项]
  --url <地址>            运行中的服务（默认 http://127.0.0.1:8080，npm start 的端口）
  --store <ID>            门店ID（必填）
  --key <服务端凭证>      默认 demo-server-key-<门店ID>（演示门店的凭证）
  --machines <N>          模拟的机器台数（默认 60）
  --machine-ids <列表>    机器ID，如 1-60 或 3,5,9-20；不给时用终端接口 terminal_machines 列出的本店机器
  --map-token <令牌>      不给 --machine-ids 时：改为从公开机位图链接的 token 读取机器ID
  --cards <卡号,...>      会员卡号；默认取演示数据的会员卡号（按门店ID由固定种子生成）
  --pace <次/秒>          事件节奏（默认 2）
  --duration <秒>         运行时长，0 为一直运行到 Ctrl-C（默认 0）
  --heartbeat <秒>        机器状态上报间隔（默认 30）
  --min-session <秒>      上机至少多久后才可能下机（默认 60）
  --status-every <秒>     状态行间隔（默认 5）`;

export class UsageError extends Error {}

function num(v: string | undefined, name: string, dflt: number, min: number, max: number): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isFinite(n) || n < min || n > max) throw new UsageError(`${name} 须为 ${min}-${max} 之间的数`);
  return n;
}

export function readOptions(argv: string[]): SimOptions {
  const { values: v } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      store: { type: 'string' },
      key: { type: 'string' },
      machines: { type: 'string' },
      'machine-ids': { type: 'string' },
      'map-token': { type: 'string' },
      cards: { type: 'string' },
      pace: { type: 'string' },
      duration: { type: 'string' },
      heartbeat: { type: 'string' },
      'min-session': { type: 'string' },
      'status-every': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (v.help) throw new UsageError('');
  if (!v.store || !/^\d+$/.test(v.store)) throw new UsageError('请用 --store 指定门店ID');
  const store = Number(v.store);
  const machineIds = v['machine-ids'] === undefined ? undefined : parseIdList(v['machine-ids']);
  if (v['machine-ids'] !== undefined && !machineIds?.length)
    throw new UsageError('--machine-ids 格式应为 1-60 或 3,5,9-20');
  const cards = v.cards
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (cards && !cards.every((c) => /^[A-Za-z0-9]{1,32}$/.test(c)))
    throw new UsageError('--cards 的卡号为1-32位字母或数字，用逗号分隔');
  return {
    url: (v.url ?? 'http://127.0.0.1:8080').replace(/\/+$/, ''),
    store,
    key: v.key ?? `demo-server-key-${store}`,
    machines: num(v.machines, '--machines', 60, 1, 1000),
    machineIds,
    mapToken: v['map-token'],
    cards,
    pace: num(v.pace, '--pace', 2, 0.05, 500),
    duration: num(v.duration, '--duration', 0, 0, 7 * 86400),
    heartbeat: num(v.heartbeat, '--heartbeat', 30, 1, 3600),
    minSession: num(v['min-session'], '--min-session', 60, 0, 86400),
    statusEvery: num(v['status-every'], '--status-every', 5, 1, 3600),
  };
}

/**
 * The machine ids to drive: --machine-ids, else the public seat map's seats (--map-token), else the
 * store's machines as the terminal API lists them (terminal_machines; 故障 and 停用 ones left out).
 */
export async function resolveMachines(o: SimOptions, api: TerminalClient): Promise<number[]> {
  let ids = o.machineIds;
  if (!ids && o.mapToken) {
    const a = await api.call<{ areas: { seats: { id: number }[] }[] }>('seat_public_map', {
      query: { token: o.mapToken },
      timed: false,
    });
    if (a.status !== 200) throw new UsageError(`读取公开机位图失败：${a.msg}`);
    ids = a.data.areas.flatMap((x) => x.seats.map((s) => s.id));
  }
  if (!ids) {
    const a = await api.call<{ list: { id: number; state: string }[] }>('terminal_machines', {
      timed: false,
    });
    if (a.status !== 200) throw new UsageError(`读取机器列表失败（${a.status}）：${a.msg}`);
    ids = a.data.list.filter((m) => m.state !== '故障' && m.state !== '停用').map((m) => m.id);
  }
  if (!ids.length) throw new UsageError(`门店 ${o.store} 没有可用的机器：请先在控制台「机器管理」添加机器`);
  // a first state report checks the key and which ids are the store's (others come back in `unknown`)
  const picked = ids.slice(0, o.machines);
  const r = await api.call<{ unknown?: number[] }>('terminal_machine_state', {
    body: { machines: picked.map((id) => ({ id, state: '空闲' })) },
  });
  if (r.status !== 200) throw new UsageError(`机器状态上报失败（${r.status}）：${r.msg}`);
  const unknown = new Set(r.data?.unknown ?? []);
  if (unknown.size) console.log(`以下机器ID不属于门店 ${o.store}，已忽略：${[...unknown].join(',')}`);
  const mine = picked.filter((id) => !unknown.has(id));
  if (!mine.length) throw new UsageError(`门店 ${o.store} 没有这些机器`);
  return mine;
}

/** Cards to log on with: --cards, else the store's demo cards; kept only when the balance call knows them. */
export async function resolveCards(o: SimOptions, api: TerminalClient): Promise<string[]> {
  const candidates = o.cards ?? demoMemberCards(o.store).map((c) => c.card);
  const usable: string[] = [];
  let unknown = 0;
  let blocked = 0;
  for (let i = 0; i < candidates.length; i += 4) {
    const batch = candidates.slice(i, i + 4);
    const answers = await Promise.all(
      batch.map((card) =>
        api.call<{ status: string; balance_fen: number }>('terminal_balance', { query: { card_no: card } }),
      ),
    );
    answers.forEach((a, j) => {
      if (a.status !== 200) unknown++;
      else if (a.data.status !== '正常' || a.data.balance_fen <= 0) blocked++;
      else usable.push(batch[j]!);
    });
  }
  console.log(
    `会员卡：${usable.length} 张可上机（余额查询核对），${blocked} 张挂失/禁用/无余额，${unknown} 张本门店不存在`,
  );
  if (!usable.length) throw new UsageError('没有可上机的会员卡：请用 --cards 指定本门店的会员卡号');
  return usable;
}
