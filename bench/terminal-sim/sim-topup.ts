// `npm run terminal-sim -- topup --amount 50` (decision 185): a PC's 扫码充值 through the terminal API.
// Logs a member on at an idle machine (the store's first demo card that may log on, or --card), asks
// terminal_topup_scan for a QR and prints its pay URL (the sandbox's pay page: open it and press 确认支付),
// then polls terminal_topup_status every 2 s until 充值成功 or 已关闭 (or --wait seconds), and logs off.
// --machine with a member already logged on there skips the logon; --request-id repeats an earlier top-up.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { fenToYuan, type TerminalTopupRow, yuanToFen } from '@netbar/contract';
import { DEMO_MEMBER_PASSWORD, demoMemberCards } from '../../apps/server/src/demo/member.ts';
import { UsageError } from './sim-setup.ts';
import { TerminalClient } from './terminal-client.ts';

export const TOPUP_USAGE = `用法：npm run terminal-sim -- topup --amount <元> [选项]
  --amount <元>           充值金额（元，最多两位小数，如 50 或 9.90）
  --store <门店ID>        门店（默认 1，星际网咖旗舰店）
  --pay <方式>            wechat（默认）、alipay、aggregate、unionpay：须是本店「客户端」启用的支付方式
  --machine <机器ID>      充值的机器：由这台机器上正在上机的会员充值（默认找一台空闲机器让演示会员上机）
  --card <卡号>           先让这张卡在该机器上机（演示会员用密码 123456），结束后下机
  --wait <秒>             等待付款的最长秒数（默认 120；0 只打印二维码地址）
  --request-id <编号>     请求编号（默认随机生成）；用上次的编号重发，服务回答同一个二维码
  --url / --key           同模拟器（默认 http://127.0.0.1:8080、demo-server-key-<门店ID>）`;

const PAY_TYPES = ['wechat', 'alipay', 'aggregate', 'unionpay'] as const;
type PayType = (typeof PAY_TYPES)[number];

export interface TopupOptions {
  url: string;
  store: number;
  key: string;
  amountFen: number;
  pay: PayType;
  machine?: number;
  card?: string;
  wait: number;
  requestId: string;
}

export function readTopupOptions(argv: string[]): TopupOptions {
  const { values: v } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      store: { type: 'string' },
      key: { type: 'string' },
      amount: { type: 'string' },
      pay: { type: 'string' },
      machine: { type: 'string' },
      card: { type: 'string' },
      wait: { type: 'string' },
      'request-id': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (v.help) throw new UsageError('');
  if (v.store !== undefined && !/^\d+$/.test(v.store)) throw new UsageError('--store 须为门店ID（数字）');
  const amountFen = v.amount === undefined ? undefined : yuanToFen(v.amount);
  if (amountFen === undefined) throw new UsageError('请用 --amount 指定充值金额（元，最多两位小数，如 50）');
  const pay = (v.pay ?? 'wechat') as PayType;
  if (!PAY_TYPES.includes(pay)) throw new UsageError(`--pay 只能是 ${PAY_TYPES.join('、')}`);
  if (v.machine !== undefined && !/^\d+$/.test(v.machine))
    throw new UsageError('--machine 须为机器ID（数字）');
  if (v.card !== undefined && !/^[A-Za-z0-9]{1,32}$/.test(v.card))
    throw new UsageError('--card 的卡号为1-32位字母或数字');
  if (v.wait !== undefined && !/^\d{1,4}$/.test(v.wait)) throw new UsageError('--wait 为秒数（0-9999）');
  const store = Number(v.store ?? 1);
  return {
    url: (v.url ?? 'http://127.0.0.1:8080').replace(/\/+$/, ''),
    store,
    key: v.key ?? `demo-server-key-${store}`,
    amountFen,
    pay,
    machine: v.machine === undefined ? undefined : Number(v.machine),
    card: v.card,
    wait: Number(v.wait ?? 120),
    requestId: v['request-id'] ?? `sim-topup-${randomBytes(6).toString('hex')}`,
  };
}

const yuan = (fen: number) => `¥${fenToYuan(fen)}`;

async function logon(api: TerminalClient, store: number, machine: number, card: string) {
  const demo = demoMemberCards(store).some((c) => c.card === card);
  return api.call<{ member_name: string }>('terminal_logon', {
    body: { machine_id: machine, card_no: card, ...(demo ? { password: DEMO_MEMBER_PASSWORD } : {}) },
  });
}

/** The machine and card to top up from: as given, else an idle machine with the first demo card that logs on. */
async function seat(api: TerminalClient, o: TopupOptions): Promise<{ machine: number; loggedOn: boolean }> {
  if (o.machine !== undefined && !o.card) return { machine: o.machine, loggedOn: false };
  const list = await api.call<{ list: { id: number; name: string; state: string }[] }>('terminal_machines', {
    timed: false,
  });
  if (list.status !== 200) throw new UsageError(`读取机器失败（${list.status}）：${list.msg}`);
  const idle =
    o.machine !== undefined ? [o.machine] : list.data.list.filter((m) => m.state === '空闲').map((m) => m.id);
  if (!idle.length)
    throw new UsageError(`门店 ${o.store} 没有空闲的机器：请用 --machine 指定一台有会员上机的机器`);
  const cards = o.card
    ? [o.card]
    : demoMemberCards(o.store)
        .map((c) => c.card)
        .slice(0, 20);
  for (const machine of idle.slice(0, 3))
    for (const card of cards) {
      const r = await logon(api, o.store, machine, card);
      if (r.status === 200) {
        console.log(`会员 ${r.data.member_name}（${card}）在机器#${machine} ${r.msg}`);
        return { machine, loggedOn: true };
      }
      if (o.card) throw new UsageError(`会员 ${card} 在机器#${machine} 上机被拒绝（${r.status}）：${r.msg}`);
    }
  throw new UsageError('没有演示会员能上机：请用 --card 指定卡号');
}

/** Runs the topup command; resolves to the process exit code (0 paid or QR shown, 1 refused or closed). */
export async function runTopup(o: TopupOptions): Promise<number> {
  const api = new TerminalClient(o.url, o.store, o.key);
  console.log(`终端模拟器·扫码充值：门店 ${o.store} → ${o.url}`);
  const { machine, loggedOn } = await seat(api, o);
  try {
    console.log(`机器#${machine} 扫码充值 ${yuan(o.amountFen)}，${o.pay}（请求编号 ${o.requestId}）`);
    const r = await api.call<TerminalTopupRow & { replay: boolean }>('terminal_topup_scan', {
      body: { machine_id: machine, amount_fen: o.amountFen, pay_type: o.pay, request_id: o.requestId },
    });
    if (r.status !== 200) {
      console.log(`→ 拒绝（${r.status}）：${r.msg}`);
      return 1;
    }
    console.log(
      `→ ${r.msg}${r.data.replay ? '（同一请求编号，同一个二维码）' : ''}：支付单号 ${r.data.payment_no}`,
    );
    console.log(`  付款地址（二维码内容）：${r.data.pay_url}`);
    console.log(`  有效期至 ${r.data.expires_at}；在浏览器打开上面的地址并确认支付`);
    if (!o.wait) return 0;
    const deadline = Date.now() + o.wait * 1000;
    let last = r.data.status;
    while (Date.now() < deadline) {
      await new Promise((res) => setTimeout(res, 2000));
      const s = await api.call<TerminalTopupRow>('terminal_topup_status', {
        query: { payment_no: r.data.payment_no },
      });
      if (s.status !== 200) {
        console.log(`状态查询失败（${s.status}）：${s.msg}`);
        continue;
      }
      if (s.data.status !== last) console.log(`状态：${s.data.status_label}`);
      last = s.data.status;
      if (s.data.status === 'paid') {
        console.log(`充值成功：本金 ${yuan(s.data.principal_fen ?? 0)}，奖励 ${yuan(s.data.bonus_fen ?? 0)}`);
        return 0;
      }
      if (s.data.status === 'closed') return 1;
    }
    console.log(`等待 ${o.wait} 秒仍未付款，不再等待（二维码到期前付款仍会入账）`);
    return 1;
  } finally {
    if (loggedOn) {
      const off = await api.call('terminal_logoff', { body: { machine_id: machine } });
      console.log(`机器#${machine} 下机：${off.status === 200 ? off.msg : `（${off.status}）${off.msg}`}`);
    }
  }
}
