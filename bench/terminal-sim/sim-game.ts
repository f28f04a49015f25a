// `npm run terminal-sim -- game …` (decision 181): 赛事活动 from a PC through the terminal API. With
// --machine it lists the store's running game activities and the progress of the member logged on there
// (terminal_game_tasks); --metric and --value report a result (terminal_game_result) and print the tasks
// it completed; --complete reports exactly what the first unfinished task of --game (default PUBG) still
// needs, so the task is paid. --card logs a member on first and off after; --request-id repeats a report,
// which the server answers without paying again (已处理过); --leaderboard prints the store's ranking.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  fenToYuan,
  GAME_METRIC_LABELS,
  GAME_METRIC_UNITS,
  GAME_METRICS,
  GAME_PERIOD_LABELS,
  type GameMetric,
  type GameResultAnswer,
  isGameType,
  type LeaderboardRow,
  type MemberTaskProgress,
} from '@netbar/contract';
import { DEMO_MEMBER_PASSWORD, demoMemberCards } from '../../apps/server/src/demo/member.ts';
import { UsageError } from './sim-setup.ts';
import { TerminalClient } from './terminal-client.ts';

export const GAME_USAGE = `用法：npm run terminal-sim -- game --store <门店ID> --machine <机器ID> [选项]
  只给 --store、--machine：列出本店进行中的赛事活动和本机会员的任务进度
  --card <卡号>           先让这张卡在该机器上机（演示会员用密码 123456），完成后下机
  --game <类型>           游戏类型（默认 PUBG；League_of_Heroes、Forever、Yunding、League、League_yunding、ThreeKingdomsKill）
  --complete              上报第一个未完成任务还差的成绩，完成它并领奖
  --metric <指标> --value <数值>   上报一条成绩：wins 胜场、matches 对局、minutes 游戏分钟、kills 击杀
  --screenshot <地址>     带截图上报（等待网吧在「赛事活动 › 成绩审核」确认）
  --request-id <编号>     请求编号（默认随机生成）；用上次的编号重发，服务只记一次
  --leaderboard           打印本店该游戏活动的排行榜（活动期内）
  --url / --key           同模拟器（默认 http://127.0.0.1:8080、demo-server-key-<门店ID>）`;

const DEFAULT_URL = 'http://127.0.0.1:8080';

export interface GameOptions {
  url: string;
  store: number;
  key: string;
  machine: number;
  card?: string;
  game: string;
  complete: boolean;
  metric?: GameMetric;
  value?: number;
  screenshot?: string;
  requestId: string;
  leaderboard: boolean;
}

export function readGameOptions(argv: string[]): GameOptions {
  const { values: v } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      store: { type: 'string' },
      key: { type: 'string' },
      machine: { type: 'string' },
      card: { type: 'string' },
      game: { type: 'string' },
      complete: { type: 'boolean' },
      metric: { type: 'string' },
      value: { type: 'string' },
      screenshot: { type: 'string' },
      'request-id': { type: 'string' },
      leaderboard: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (v.help) throw new UsageError('');
  if (!v.store || !/^\d+$/.test(v.store)) throw new UsageError('请用 --store 指定门店ID');
  if (!v.machine || !/^\d+$/.test(v.machine)) throw new UsageError('请用 --machine 指定机器ID（数字）');
  const game = v.game ?? 'PUBG';
  if (!isGameType(game)) throw new UsageError(`游戏类型不正确：${game}`);
  if (v.metric !== undefined && !(GAME_METRICS as readonly string[]).includes(v.metric))
    throw new UsageError('--metric 须为 wins、matches、minutes 或 kills');
  if ((v.metric === undefined) !== (v.value === undefined))
    throw new UsageError('上报成绩须同时给出 --metric 和 --value');
  if (v.value !== undefined && !/^\d+$/.test(v.value)) throw new UsageError('--value 须为正整数');
  const store = Number(v.store);
  return {
    url: (v.url ?? DEFAULT_URL).replace(/\/+$/, ''),
    store,
    key: v.key ?? `demo-server-key-${store}`,
    machine: Number(v.machine),
    card: v.card,
    game,
    complete: !!v.complete,
    metric: v.metric as GameMetric | undefined,
    value: v.value === undefined ? undefined : Number(v.value),
    screenshot: v.screenshot,
    requestId: v['request-id'] ?? `sim-game-${randomBytes(6).toString('hex')}`,
    leaderboard: !!v.leaderboard,
  };
}

interface GameOnPc {
  id: number;
  game_type: string;
  title: string;
  name: string;
  ends_at: string;
  tasks: MemberTaskProgress[];
}

const reward = (t: { reward_kind: string; amount: number }) =>
  t.reward_kind === 'bonus' ? `奖励金¥${fenToYuan(t.amount)}` : `${t.amount}积分`;

function printTasks(games: GameOnPc[]) {
  if (!games.length) console.log('本店没有进行中的赛事活动（或「赛事活动」应用未开通）');
  for (const g of games) {
    console.log(`#${g.id} ${g.title}·${g.name}（至 ${g.ends_at}）`);
    for (const t of g.tasks)
      console.log(
        `  ${t.done ? '✔' : '·'} ${t.name}：${GAME_PERIOD_LABELS[t.period]}${GAME_METRIC_LABELS[t.metric]} ` +
          `${t.progress}/${t.target}${GAME_METRIC_UNITS[t.metric]} → ${reward(t)}`,
      );
  }
}

/** Runs the game command; resolves to the process exit code (0 done, 1 refused). */
export async function runGame(o: GameOptions): Promise<number> {
  const api = new TerminalClient(o.url, o.store, o.key);
  console.log(`终端模拟器·赛事活动：门店 ${o.store} → ${o.url}`);
  if (o.card && !(await logon(api, o.store, o.machine, o.card))) return 1;
  try {
    const tasks = async () => {
      const r = await api.call<GameOnPc[]>('terminal_game_tasks', { query: { machine_id: o.machine } });
      if (r.status !== 200) throw new Error(`读取赛事任务失败（${r.status}）：${r.msg}`);
      return r.data;
    };
    const games = await tasks();
    printTasks(games);
    const g = games.find((x) => x.game_type === o.game);
    let metric = o.metric;
    let value = o.value;
    if (o.complete) {
      const open = g?.tasks.find((t) => !t.done);
      if (!g || !open) {
        console.log(g ? '本机会员已完成全部任务' : `没有进行中的${o.game}活动`);
        return g ? 0 : 1;
      }
      metric = open.metric;
      value = open.target - open.progress;
      console.log(
        `完成「${open.name}」：上报${GAME_METRIC_LABELS[metric]} ${value}${GAME_METRIC_UNITS[metric]}`,
      );
    }
    if (metric && value !== undefined) {
      if (!g) {
        console.log(`没有进行中的${o.game}活动`);
        return 1;
      }
      const r = await api.call<GameResultAnswer>('terminal_game_result', {
        body: {
          machine_id: o.machine,
          activity_id: g.id,
          metric,
          value,
          request_id: o.requestId,
          ...(o.screenshot ? { screenshot: o.screenshot } : {}),
        },
      });
      if (r.status !== 200) {
        console.log(`→ 拒绝（${r.status}）：${r.msg}`);
        return 1;
      }
      console.log(`→ ${r.msg}（请求编号 ${o.requestId}）`);
      for (const p of r.data.paid) console.log(`  已发奖：${p.task} ${reward(p)}`);
      printTasks((await tasks()).filter((x) => x.id === g.id));
    }
    if (o.leaderboard && g) {
      const b = await api.call<{ metric: GameMetric; list: LeaderboardRow[] }>('terminal_game_leaderboard', {
        query: { activity_id: g.id },
      });
      if (b.status !== 200) console.log(`排行榜读取失败（${b.status}）：${b.msg}`);
      else {
        console.log(`排行榜（活动期内，按${GAME_METRIC_LABELS[b.data.metric]}）：`);
        for (const x of b.data.list.slice(0, 10))
          console.log(
            `  ${String(x.rank).padStart(2)}. ${x.member_name} ${x.value}${GAME_METRIC_UNITS[b.data.metric]}`,
          );
      }
    }
    return 0;
  } finally {
    if (o.card) {
      const off = await api.call('terminal_logoff', { body: { machine_id: o.machine } });
      console.log(`机器#${o.machine} 下机：${off.status === 200 ? off.msg : `（${off.status}）${off.msg}`}`);
    }
  }
}

async function logon(api: TerminalClient, store: number, machine: number, card: string): Promise<boolean> {
  const demo = demoMemberCards(store).some((c) => c.card === card);
  const r = await api.call<{ member_name: string }>('terminal_logon', {
    body: { machine_id: machine, card_no: card, ...(demo ? { password: DEMO_MEMBER_PASSWORD } : {}) },
  });
  if (r.status !== 200) {
    console.log(`会员 ${card} 在机器#${machine} 上机被拒绝（${r.status}）：${r.msg}`);
    return false;
  }
  console.log(`会员 ${r.data.member_name}（${card}）在机器#${machine} ${r.msg}`);
  return true;
}
