import type { KeyObject } from 'node:crypto';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { type IncomingNotice, NoticeRefused, type VerifiedNotice } from './provider.ts';

/**
 * WeChat Pay API v3's notification (decision 170): headers Wechatpay-Timestamp, -Nonce, -Serial and
 * -Signature, the signature SHA256withRSA over `timestamp\nnonce\nbody\n` with the platform certificate's
 * (or WeChat Pay public key's) key named by the serial; the body's `resource` is AEAD_AES_256_GCM
 * ciphertext (tag appended, base64) under the APIv3 key with the resource's nonce and associated_data.
 * The primitives are wechatpay-axios-plugin's (`Rsa.verify`, `Aes.AesGcm.decrypt`, `Formatter.response`).
 */

export const WECHAT_HEADERS = {
  timestamp: 'wechatpay-timestamp',
  nonce: 'wechatpay-nonce',
  serial: 'wechatpay-serial',
  signature: 'wechatpay-signature',
} as const;

export interface WechatNoticeKeys {
  mchid: string;
  /** The APIv3 key (32 bytes). */
  apiV3Key: string;
  /** Platform serial (or public key id) → its public key. */
  platform: Record<string, KeyObject | string>;
}

const header = (n: IncomingNotice, name: string) => {
  const v = n.headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

/** The message WeChat Pay signs: `timestamp\nnonce\nbody\n`. */
export const wechatMessage = (timestamp: string, nonce: string, body: string): string =>
  Formatter.response(timestamp, nonce, body);

/** AEAD_AES_256_GCM as WeChat Pay uses it: base64(ciphertext ‖ 16-byte tag). */
export const wechatDecrypt = (ciphertext: string, key: string | Buffer, nonce: string, aad: string): string =>
  Aes.AesGcm.decrypt(ciphertext, key, nonce, aad);

interface Transaction {
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; currency?: string };
}

export function verifyWechatNotice(
  keys: WechatNoticeKeys,
  n: IncomingNotice,
  now: Date,
  maxAgeSeconds: number,
): VerifiedNotice {
  const timestamp = header(n, WECHAT_HEADERS.timestamp);
  const nonce = header(n, WECHAT_HEADERS.nonce);
  const serial = header(n, WECHAT_HEADERS.serial);
  const signature = header(n, WECHAT_HEADERS.signature);
  if (!timestamp || !nonce || !serial || !signature) throw new NoticeRefused('缺少签名信息');
  if (!/^\d{9,11}$/.test(timestamp) || !/^[A-Za-z0-9_-]{8,64}$/.test(nonce))
    throw new NoticeRefused('签名信息格式错误');
  const key = Object.hasOwn(keys.platform, serial) ? keys.platform[serial] : undefined;
  if (!key) throw new NoticeRefused('平台证书序列号不符');
  let good = false;
  try {
    good = Rsa.verify(wechatMessage(timestamp, nonce, n.body), signature, key);
  } catch {
    good = false;
  }
  if (!good) throw new NoticeRefused('签名验证失败');
  const sentAt = new Date(Number(timestamp) * 1000);
  const seen = { nonce, sent_at: sentAt };
  if (Math.abs(now.getTime() - sentAt.getTime()) > maxAgeSeconds * 1000)
    throw new NoticeRefused('通知时间戳超出允许范围（疑似重放）', seen);
  let env: { event_type?: string; resource?: Record<string, string> };
  try {
    env = JSON.parse(n.body);
  } catch {
    throw new NoticeRefused('通知内容格式错误', seen);
  }
  const res = env.resource;
  if (env.event_type !== 'TRANSACTION.SUCCESS') throw new NoticeRefused('通知不是支付成功通知', seen);
  if (res?.algorithm !== 'AEAD_AES_256_GCM' || !res.ciphertext || !res.nonce)
    throw new NoticeRefused('通知内容格式错误', seen);
  let t: Transaction;
  try {
    t = JSON.parse(wechatDecrypt(res.ciphertext, keys.apiV3Key, res.nonce, res.associated_data ?? ''));
  } catch {
    throw new NoticeRefused('通知解密失败', seen);
  }
  const paidAt = new Date(String(t.success_time));
  if (t.mchid !== keys.mchid) throw new NoticeRefused('通知不属于本商户', seen);
  if (
    t.trade_state !== 'SUCCESS' ||
    typeof t.out_trade_no !== 'string' ||
    typeof t.transaction_id !== 'string' ||
    !Number.isSafeInteger(t.amount?.total) ||
    Number.isNaN(paidAt.getTime())
  )
    throw new NoticeRefused('通知内容格式错误', { ...seen, payment_no: t.out_trade_no });
  return {
    payment_no: t.out_trade_no,
    txn_id: t.transaction_id,
    amount_fen: t.amount?.total as number,
    paid_at: paidAt,
    nonce,
    sent_at: sentAt,
  };
}
