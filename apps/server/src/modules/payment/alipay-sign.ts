import { createSign } from 'node:crypto';
import { yuanToFen } from '@netbar/contract';
import type { AlipaySdk } from 'alipay-sdk';
import { beijingTime } from './acquirer-keys.ts';
import { NoticeRefused, type VerifiedNotice } from './provider.ts';

/**
 * Alipay's asynchronous notification (decision 170): a form-encoded POST whose `sign` is RSA2
 * (SHA256withRSA, base64) over the other parameters sorted by name, `sign` and `sign_type` left out,
 * empty values left out, `key=value` joined by `&`, values as received (decoded, UTF-8). The check is
 * alipay-sdk's `checkNotifySignV2`; `alipaySignContent` is the same rule, for fixtures and the fake gateway.
 */

/** The documented string to sign: sorted `k=v&...` without `sign` (and `sign_type` unless kept) and empty values. */
export function alipaySignContent(params: Record<string, string>, keepSignType = false): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && (keepSignType || k !== 'sign_type') && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** RSA2 signature of the content (base64), as Alipay signs notifications and our requests are signed. */
export const rsa2Sign = (content: string, privateKeyPem: string) =>
  createSign('RSA-SHA256').update(content, 'utf8').sign(privateKeyPem, 'base64');

/** Trade states that mean the customer paid. */
const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** Verifies an Alipay notification: signature, our app, freshness of notify_time, a paid trade with an amount. */
export function verifyAlipayNotice(
  sdk: Pick<AlipaySdk, 'checkNotifySignV2'>,
  appId: string,
  body: string,
  now: Date,
  maxAgeSeconds: number,
): VerifiedNotice {
  const params = Object.fromEntries(new URLSearchParams(body));
  // the payment number it claims, for the log only (never trusted before the signature holds)
  const claimed = /^P\d{14}[0-9A-F]{8}$/.test(params.out_trade_no ?? '')
    ? { payment_no: params.out_trade_no }
    : {};
  if (!params.sign || !params.notify_id || !params.notify_time)
    throw new NoticeRefused('缺少签名信息', claimed);
  if (params.sign_type && params.sign_type !== 'RSA2')
    throw new NoticeRefused('签名类型不支持（仅支持 RSA2）', claimed);
  if (params.charset && params.charset.toLowerCase() !== 'utf-8')
    throw new NoticeRefused('通知编码不支持（仅支持 utf-8）', claimed);
  let good = false;
  try {
    good = sdk.checkNotifySignV2(params);
  } catch {
    good = false;
  }
  if (!good) throw new NoticeRefused('签名验证失败', claimed);
  const nonce = params.notify_id.slice(0, 64);
  const sentAt = beijingTime(params.notify_time);
  if (!sentAt) throw new NoticeRefused('签名信息格式错误', claimed);
  const seen = { nonce, sent_at: sentAt, payment_no: params.out_trade_no };
  if (Math.abs(now.getTime() - sentAt.getTime()) > maxAgeSeconds * 1000)
    throw new NoticeRefused('通知时间戳超出允许范围（疑似重放）', seen);
  if (params.app_id !== appId) throw new NoticeRefused('通知不属于本应用', seen);
  if (!PAID.has(params.trade_status ?? '')) throw new NoticeRefused('通知不是支付成功通知', seen);
  const amount = yuanToFen(params.total_amount ?? '');
  const paidAt = beijingTime(params.gmt_payment ?? '') ?? sentAt;
  if (!params.out_trade_no || !params.trade_no || amount === undefined || amount <= 0)
    throw new NoticeRefused('通知内容格式错误', seen);
  return {
    payment_no: params.out_trade_no,
    txn_id: params.trade_no,
    amount_fen: amount,
    paid_at: paidAt,
    nonce,
    sent_at: sentAt,
  };
}
