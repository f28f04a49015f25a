import { z } from 'zod';
import type { MessageKind } from './enums';
import type { GameResultEvent } from './game-activity';
import { jsonArray } from './goods';
import type { ConsoleKind } from './live-channel';
import { memberPassword } from './member-password';
import type { DrawResult } from './promotion';
import { ID_MAX, idParam } from './validation/fields';
import { emptyToUndefined, intField, intWithDefault, optional, text } from './validation/helpers';

// the live channel's constants live without zod, for the console's header (decision 098)
export { ConsoleKind, WS_CLOSE, WS_PING_SECONDS } from './live-channel';

/**
 * The terminal API and the live channel (issue 12 item 7, docs/decisions/110-112): the store's own
 * server (and the PCs behind it) call the terminal API with the per-store server key; console users of
 * the store receive seat orders and service calls over the WebSocket /api/v1/ws.
 */

/** Request headers of every terminal call (docs/decisions/110). */
export const TERMINAL_HEADERS = {
  key: 'x-server-key',
  netbar: 'x-netbar-id',
} as const;

export const TERMINAL_MSG = {
  keyMissing: '缺少服务端凭证或门店编号',
  keyInvalid: '服务端凭证无效',
  tooMany: '服务端凭证错误次数过多，请10分钟后再试',
  messageNotFound: '消息不存在',
  machineNotFound: '机器不存在',
  wsOnly: '请使用 WebSocket 连接此地址',
  badFrame: '消息格式错误',
  unknown: '无法识别的消息',
  tooFast: '消息过于频繁',
  buyTooMuch: '订单金额不能超过100,000元',
} as const;

export const TERMINAL_LIMITS = {
  /** Machines in one state report. */
  reportMax: 1000,
  itemsMax: 50,
  qtyMax: 99,
  /** One seat order: at most 100,000 yuan. */
  orderMaxFen: 10_000_000,
  /** Longest wait of the acknowledgement long-poll (s). */
  waitMax: 25,
  pendingMax: 200,
} as const;

/** A machine is named by the venue's id (the store's server lists them in the console's machine list). */
export const terminalMachine = intField('机器编号无效', 1, ID_MAX);
const requestId = text('请求标识为8-64位字母、数字、-或_', 8, 64, /^[A-Za-z0-9_-]+$/);

/** States a terminal reports; 上机中 follows a logon, 预订 a reservation, 停用 the console. */
export const TERMINAL_REPORT_STATES = ['空闲', '离线', '故障'] as const;
export type TerminalReportState = (typeof TERMINAL_REPORT_STATES)[number];

export const terminalStateBody = z.object({
  machines: jsonArray(
    z.object({
      id: terminalMachine,
      state: z.enum(TERMINAL_REPORT_STATES, { error: '机器状态只能是空闲、离线或故障' }),
    }),
    '请提供机器状态列表',
  )
    .refine((a) => a.length >= 1 && a.length <= TERMINAL_LIMITS.reportMax, {
      error: `一次上报1-${TERMINAL_LIMITS.reportMax}台机器`,
    })
    .refine((a) => new Set(a.map((m) => m.id)).size === a.length, { error: '机器不能重复上报' }),
});
export type TerminalStateBody = z.infer<typeof terminalStateBody>;

const cardNo = text('卡号为1-32位字母或数字', 1, 32, /^[A-Za-z0-9]+$/);

/**
 * A member logs on at a machine with the card the store's server read (decision 112) and the member's
 * password (decision 104: required when the member has one; without one, card alone where the store
 * allows it).
 */
export const terminalLogonBody = z.object({
  machine_id: terminalMachine,
  card_no: cardNo,
  password: optional(memberPassword),
});
export type TerminalLogonBody = z.infer<typeof terminalLogonBody>;

export const terminalLogoffBody = z.object({ machine_id: terminalMachine });
export const terminalBalanceQuery = z.object({ card_no: cardNo });

const item = z.object({
  sku_id: optional(idParam),
  name: text('商品名称为1-40个字符', 1, 40),
  qty: intField(`数量为1-${TERMINAL_LIMITS.qtyMax}的整数`, 1, TERMINAL_LIMITS.qtyMax),
  price_fen: intField('单价须为0-100,000元', 0, TERMINAL_LIMITS.orderMaxFen),
});
export type TerminalBuyItem = z.infer<typeof item>;

export const terminalBuyBody = z.object({
  machine_id: terminalMachine,
  request_id: requestId,
  items: jsonArray(item, '请提供商品列表').refine(
    (a) => a.length >= 1 && a.length <= TERMINAL_LIMITS.itemsMax,
    { error: `商品为1-${TERMINAL_LIMITS.itemsMax}项` },
  ),
  remark: optional(text('备注最多100个字符', 1, 100)),
  /** 'member': pay from the balance of the member online at this machine now (decision 134); else pay at the counter. */
  pay: optional(z.enum(['member', 'counter'], { error: '支付方式不正确' })),
});
export type TerminalBuyBody = z.infer<typeof terminalBuyBody>;

export const terminalCallBody = z.object({
  machine_id: terminalMachine,
  request_id: requestId,
  content: z.preprocess(emptyToUndefined, text('呼叫内容最多100个字符', 1, 100).default('呼叫网管')),
});
export type TerminalCallBody = z.infer<typeof terminalCallBody>;

export const terminalAcksQuery = z.object({
  after: intWithDefault('参数错误', 0, Number.MAX_SAFE_INTEGER, 0),
  wait: intWithDefault(`等待时间为0-${TERMINAL_LIMITS.waitMax}秒`, 0, TERMINAL_LIMITS.waitMax, 0),
});

/** Payload of a BUY; `total_fen` is computed by the server. */
export interface BuyPayload {
  items: TerminalBuyItem[];
  total_fen: number;
  remark: string;
  /** The order the BUY became (decision 134): its total is the store's price, not the terminal's. */
  order_id?: number;
  order_no?: string;
  paid?: boolean;
}
export interface CallPayload {
  content: string;
}
export interface AllPayload {
  text: string;
}

/** A seat order or a call as the console lists and receives it. */
export interface TerminalMessageRow {
  id: number;
  kind: typeof MessageKind.BUY | typeof MessageKind.CALL;
  machine_id: number | null;
  /** The machine's name when the message arrived. */
  machine: string;
  payload: BuyPayload | CallPayload;
  created_at: string;
  acked_at: string | null;
  acked_by_name: string;
}

/** What the terminal's acknowledgement feed answers, in `seq` order. */
export interface TerminalAckRow {
  seq: number;
  id: number;
  kind: typeof MessageKind.BUY_DONE | typeof MessageKind.CALL_DOWN | typeof MessageKind.ALL;
  /** The machine the seat order or call came from; null for a broadcast (ALL, every machine). */
  machine_id: number | null;
  machine: string;
  acked_at: string;
  acked_by_name: string;
  text: string;
}

// The WebSocket frames (JSON text). Console → server:
export const wsInbound = z.object(
  {
    type: z.number({ error: TERMINAL_MSG.badFrame }).int({ error: TERMINAL_MSG.badFrame }),
    id: optional(idParam),
    text: optional(text('广播内容为1-100个字符', 1, 100)),
  },
  { error: TERMINAL_MSG.badFrame },
);
export type WsInbound = z.infer<typeof wsInbound>;

/** Server → console. */
export type WsOutbound =
  | { type: typeof ConsoleKind.SEATS; ids: number[] }
  | {
      type: typeof ConsoleKind.TIP;
      id: number;
      staff_name: string;
      member_name: string;
      machine: string;
      amount_fen: number;
    }
  | ({ type: typeof ConsoleKind.DRAW } & DrawResult)
  | ({ type: typeof ConsoleKind.GAME } & GameResultEvent)
  // the member's name masked (张**), as the voice announcer speaks it (decision 189)
  | {
      type: typeof ConsoleKind.BALANCE_LOW;
      machine_id: number;
      machine: string;
      member_name: string;
      minutes_left: number;
    }
  | { type: typeof ConsoleKind.BIRTHDAY; machine_id: number; machine: string; member_name: string }
  // the hello PING of a console that connected without `after` carries the store's head id (decision 198)
  | { type: typeof MessageKind.PING; t: number; seq?: number }
  | ({ type: typeof MessageKind.BUY | typeof MessageKind.CALL } & Omit<TerminalMessageRow, 'kind'>)
  | {
      type: typeof MessageKind.BUY_DONE | typeof MessageKind.CALL_DOWN;
      id: number;
      acked_at: string;
      acked_by_name: string;
    }
  | { type: typeof MessageKind.ALL; id: number; text: string; from: string; created_at: string }
  | { type: typeof MessageKind.UNKNOWN; msg: string };

/**
 * Every console event carries `seq`, its store's replay id (decision 198): ids only grow, a console
 * drops one it has seen, and reconnects with `?after=<last seq>` to get what it missed, in order.
 */
export type WsFrame = WsOutbound & { seq?: number };

/** The console socket's query: the last `seq` this console saw (a reconnect). */
export const wsQuery = z.object({
  after: optional(intField('消息序号无效', 0, Number.MAX_SAFE_INTEGER)),
});

export const ackBody = z.object({ id: idParam });
