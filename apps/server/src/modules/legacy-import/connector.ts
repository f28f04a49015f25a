import type { LegacyLoginCode, LegacyStore } from '@netbar/contract';

/**
 * One connector per source product (docs/legacy-connectors.md): log in (with the product's SMS and
 * image-code challenges), list the account's stores, then stream members, goods and online collection
 * page by page. The HTTP implementation (http-connector.ts) speaks the documented protocol; a real
 * product gets an adapter that speaks it or a class implementing this interface.
 */

export interface LoginInput {
  product: number;
  variant?: string;
  account: string;
  /** As the console sent it: MD5 hex for products 9 and 10. Never stored or logged. */
  password: string;
  imgCode?: string;
  smsCode?: string;
}
export interface LoginAnswer {
  code: LegacyLoginCode;
  msg: string;
  /** On code 0: the source session (kept server-side only) and the account's stores. */
  token?: string;
  stores?: LegacyStore[];
  /** On code 3: seconds before another SMS may be sent. */
  wait?: number;
}

export interface LegacyMember {
  card_no: string;
  card_kind: 1 | 2;
  name: string;
  mobile: string;
  principal_fen: number;
  bonus_fen: number;
  points: number;
  level: string;
  status: string;
  opened_at: string;
}
export interface LegacyGoods {
  name: string;
  category: string;
  unit: string;
  price_fen: number;
  member_price_fen: number;
  cost_fen: number;
  barcode: string;
  stock: number;
}
export interface LegacyCollection {
  trade_no: string;
  /** YYYY-MM-DD HH:mm:ss, Beijing time. */
  paid_at: string;
  amount_fen: number;
  method: string;
  payer: string;
}
export interface LegacyTotals {
  count: number;
  principal_fen: number;
  bonus_fen: number;
}
export interface LegacySummary {
  members: number;
  principal_fen: number;
  bonus_fen: number;
  /** What should land when the console's row rules skip the bad rows. */
  importable: LegacyTotals & { members: number };
  goods: number;
  collections: number;
  collection_fen: number;
}

export interface LegacyConnector {
  login(i: LoginInput): Promise<LoginAnswer>;
  /** Sends the SMS code of a code-2 account: answers code 3 (sent, or still blocked, with `wait`). */
  sendSms(product: number, account: string): Promise<LoginAnswer>;
  /** The image code of a code-5 login, an svg/png data URL. */
  imageCode(product: number, account: string): Promise<string>;
  stores(token: string): Promise<LegacyStore[]>;
  summary(token: string, store: number): Promise<LegacySummary>;
  members(token: string, store: number): AsyncIterable<LegacyMember[]>;
  goods(token: string, store: number): AsyncIterable<LegacyGoods[]>;
  collections(token: string, store: number): AsyncIterable<LegacyCollection[]>;
}

/** The source product answered something the console cannot use (down, expired session, bad reply). */
export class SourceError extends Error {}
