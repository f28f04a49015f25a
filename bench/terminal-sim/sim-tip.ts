// `npm run terminal-sim -- tip …` (decision 148): a PC's 打赏 through the terminal API. Lists the
// store's tippable staff (terminal_tip_staff); with --machine, --staff and --amount the member logged on
// at that machine tips (terminal_tip), and the server's answer is printed. --card logs a member on
// first and off after; --request-id repeats an earlier tip, which the server answers without a second
// deduction (打赏已处理过).
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { fenToYuan, type TipStaffOption, yuanToFen } from '@netbar/contract';
import { DEMO_MEMBER_PASSWORD, demoMemberCards } from '../../apps/server/src/demo/member.ts';
import { UsageError } from './sim-setup.ts';
import { TerminalClient } from './terminal-client.ts';

export const TIP_USAGE = `用法：npm run terminal-sim -- tip --store <门店ID> [选项]
  只给 --store：列出本店可打赏的员工（编号、姓名、岗位）
  --machine <机器ID>      打赏的机器：由这台机器上正在上机的会员从本金打赏
  --staff <姓名或编号>    被打赏的员工
  --amount <元>           打赏金额（元，最多两位小数，如 5 或 2.50）
  --card <卡号>           先让这张卡在该机器上机（演示会员用密码 123456），打赏后下机
  --request-id <编号>     请求编号（默认随机生成）；用上次的编号重发，服务只记一次
  --remark <文本>         备注（最多50个字符）
  --url / --key           同模拟器（默认 http://127.0.0.1:8080、demo-server-key-<门店ID>）`;

const DEFAULT_URL = 'http://127.0.0.1:8080';

export interface TipOptions {
  url: string;
  store: number;
  key: string;
  machine?: number;
  staff?: string;
  amountFen?: number;
  card?: string;
  requestId: string;
  remark?: string;
}

export function readTipOptions(argv: string[]): TipOptions {
  const { values: v } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      store: { type: 'string' },
      key: { type: 'string' },
      machine: { type: 'string' },
      staff: { type: 'string' },
      amount: { type: 'string' },
      card: { type: 'string' },
      'request-id': { type: 'string' },
      remark: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (v.help) throw new UsageError('');
  if (!v.store || !/^\d+$/.test(v.store)) throw new UsageError('请用 --store 指定门店ID');
  if (v.machine !== undefined && !/^\d+$/.test(v.machine))
    throw new UsageError('--machine 须为机器ID（数字）');
  const amountFen = v.amount === undefined ? undefined : yuanToFen(v.amount);
  if (v.amount !== undefined && amountFen === undefined)
    throw new UsageError('--amount 为元，最多两位小数，如 5 或 2.50');
  const tipping = [v.machine, v.staff, v.amount].filter((x) => x !== undefined).length;
  if (tipping > 0 && tipping < 3) throw new UsageError('打赏须同时给出 --machine、--staff 和 --amount');
  if (v.card !== undefined && !/^[A-Za-z0-9]{1,32}$/.test(v.card))
    throw new UsageError('--card 的卡号为1-32位字母或数字');
  const store = Number(v.store);
  return {
    url: (v.url ?? DEFAULT_URL).replace(/\/+$/, ''),
    store,
    key: v.key ?? `demo-server-key-${store}`,
    machine: v.machine === undefined ? undefined : Number(v.machine),
    staff: v.staff?.trim(),
    amountFen,
    card: v.card,
    requestId: v['request-id'] ?? `sim-tip-${randomBytes(6).toString('hex')}`,
    remark: v.remark,
  };
}

/** The staff member --staff names: an id of the list, else exactly one name of it; else why not. */
export function pickStaff(list: TipStaffOption[], wanted: string): TipStaffOption | string {
  const byId = /^\d+$/.test(wanted) ? list.find((s) => s.id === Number(wanted)) : undefined;
  if (byId) return byId;
  const named = list.filter((s) => s.name === wanted);
  if (named.length === 1) return named[0]!;
  if (named.length > 1)
    return `有 ${named.length} 名员工叫「${wanted}」，请用编号：${named.map((s) => s.id).join('、')}`;
  return `本店没有可打赏的员工「${wanted}」`;
}

const yuan = (fen: number) => `¥${fenToYuan(fen)}`;

/** Runs the tip command; resolves to the process exit code (0 done, 1 refused). */
export async function runTip(o: TipOptions): Promise<number> {
  const api = new TerminalClient(o.url, o.store, o.key);
  console.log(`终端模拟器·打赏：门店 ${o.store} → ${o.url}`);
  const staff = await api.call<TipStaffOption[]>('terminal_tip_staff', { timed: false });
  if (staff.status !== 200) {
    console.log(`读取可打赏员工失败（${staff.status}）：${staff.msg}`);
    return 1;
  }
  console.log(`可打赏的员工（${staff.data.length} 名）：`);
  for (const s of staff.data) console.log(`  #${s.id} ${s.name}${s.position ? `（${s.position}）` : ''}`);
  if (o.machine === undefined || o.staff === undefined || o.amountFen === undefined) return 0;

  // an id the list lacks still goes to the server, which answers why (员工不存在, 已停用)
  const found = pickStaff(staff.data, o.staff);
  if (typeof found === 'string' && !/^\d+$/.test(o.staff)) {
    console.log(found);
    return 1;
  }
  const to = typeof found === 'string' ? { id: Number(o.staff), name: `员工#${o.staff}` } : found;

  if (o.card && !(await logon(api, o.store, o.machine, o.card))) return 1;
  try {
    console.log(`机器#${o.machine} 打赏 ${to.name} ${yuan(o.amountFen)}（请求编号 ${o.requestId}）`);
    const r = await api.call<{ id: number; ref_no: string; replay: boolean; principal_after: number }>(
      'terminal_tip',
      {
        body: {
          machine_id: o.machine,
          staff_id: to.id,
          amount_fen: o.amountFen,
          request_id: o.requestId,
          ...(o.remark ? { remark: o.remark } : {}),
        },
      },
    );
    if (r.status !== 200) {
      console.log(`→ 拒绝（${r.status}）：${r.msg}`);
      return 1;
    }
    const again = r.data.replay ? '（同一请求编号，本次未再扣款）' : '';
    console.log(`→ ${r.msg}${again}：单号 ${r.data.ref_no}，会员本金余额 ${yuan(r.data.principal_after)}`);
    if (o.card) await principal(api, o.card);
    if (!r.data.replay)
      console.log(
        `重发同一请求：npm run terminal-sim -- tip --store ${o.store}${o.url === DEFAULT_URL ? '' : ` --url ${o.url}`} ` +
          `--machine ${o.machine} --staff ${to.id} ` +
          `--amount ${fenToYuan(o.amountFen)} --request-id ${o.requestId}`,
      );
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
  // after the logon: its first charge is taken already, so the next figure differs by the tip alone
  await principal(api, card);
  return true;
}

/** Prints the card's 本金 as the balance call answers it. */
async function principal(api: TerminalClient, card: string): Promise<void> {
  const b = await api.call<{ name: string; principal_fen: number }>('terminal_balance', {
    query: { card_no: card },
  });
  if (b.status !== 200) {
    console.log(`余额查询 ${card} 失败（${b.status}）：${b.msg}`);
    return;
  }
  console.log(`余额查询：${b.data.name} 本金 ${yuan(b.data.principal_fen)}`);
}
