import { createHash, createPublicKey, type KeyObject, X509Certificate } from 'node:crypto';
import { Wechatpay } from 'wechatpay-axios-plugin';
import { certSerial, privatePem, publicPem, secretOf } from './acquirer-keys.ts';
import { collect, pages, textLines } from './bill-stream.ts';
import type { PaymentProvider, ProviderDeps, QueryResult } from './provider.ts';
import { wechatBillLines } from './wechatpay-bill.ts';
import { createPlatformCerts, type PlatformCerts } from './wechatpay-certs.ts';
import { verifyWechatNotice, WECHAT_HEADERS } from './wechatpay-sign.ts';

/**
 * WeChat Pay API v3 (Native, decision 170) through wechatpay-axios-plugin: every request is signed
 * (Authorization WECHATPAY2-SHA256-RSA2048 over method, path, timestamp, nonce and body) and every answer's
 * Wechatpay-Signature checked with the platform key, by the library. Not built without configuration.
 */

interface Res {
  status: number;
  data: unknown;
}
interface Client {
  request(path: string, method: string, data?: unknown, config?: Record<string, unknown>): Promise<Res>;
}
/** A WeChat Pay error answer's code ("ORDER_NOT_EXIST" …) and Chinese message. */
const errorOf = (e: unknown) => {
  const r = (e as { response?: { status?: number; data?: { code?: string; message?: string } } }).response;
  return { status: r?.status ?? 0, code: r?.data?.code ?? '', message: r?.data?.message ?? '' };
};
export class WechatpayError extends Error {}
const fail = (e: unknown) => {
  const x = errorOf(e);
  return new WechatpayError(
    `微信支付：${x.message || x.code || (e instanceof Error ? e.message : '请求失败')}`,
  );
};

/** RFC 3339 in Beijing time, as time_expire wants it. */
const rfc3339 = (d: Date) => `${new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

export function createWechatpay(
  deps: ProviderDeps,
): (PaymentProvider & { certs?: PlatformCerts | undefined }) | null {
  const c = deps.config;
  const keyText = secretOf(undefined, c.WECHATPAY_PRIVATE_KEY_FILE);
  const platformText = secretOf(undefined, c.WECHATPAY_PLATFORM_CERT_FILE);
  // 微信支付公钥 (decision 184): one key, its id PUB_KEY_ID_… in Wechatpay-Serial, never renewed
  const publicKeyText = secretOf(c.WECHATPAY_PUBLIC_KEY, c.WECHATPAY_PUBLIC_KEY_FILE);
  if (!c.WECHATPAY_MCHID || !c.WECHATPAY_APPID || !c.WECHATPAY_SERIAL || !c.WECHATPAY_APIV3_KEY) return null;
  if (!keyText || !(platformText || (publicKeyText && c.WECHATPAY_PUBLIC_KEY_ID))) return null;
  const mchid = c.WECHATPAY_MCHID;
  const appid = c.WECHATPAY_APPID;
  const initial: Record<string, KeyObject> = {};
  const expires: Record<string, Date> = {};
  if (publicKeyText && c.WECHATPAY_PUBLIC_KEY_ID)
    initial[c.WECHATPAY_PUBLIC_KEY_ID] = createPublicKey(publicPem(publicKeyText));
  if (platformText) {
    const platformSerial = c.WECHATPAY_PLATFORM_SERIAL ?? certSerial(platformText);
    if (!platformSerial)
      throw new Error('微信支付配置错误：平台公钥需要同时设置 WECHATPAY_PLATFORM_SERIAL（公钥 ID）');
    initial[platformSerial] = createPublicKey(publicPem(platformText));
    if (platformText.includes('BEGIN CERTIFICATE'))
      expires[platformSerial] = new Date(new X509Certificate(platformText).validTo);
  }
  // renewal only for platform certificates (a 微信支付公钥, or the old file-with-key-id, needs none)
  const renews = Object.keys(expires).length > 0;
  const options = {
    mchid,
    serial: c.WECHATPAY_SERIAL,
    privateKey: privatePem(keyText),
    certs: initial,
    baseURL: c.WECHATPAY_BASE_URL,
    timeout: 10_000,
  };
  const wxpay = new Wechatpay(options as ConstructorParameters<typeof Wechatpay>[0]);
  const client = (wxpay as unknown as { client: Client }).client;
  // the library keeps its answer verifier's keys in the object it leaves at options.certs: renewals go there
  const platform = options.certs;
  const certs: PlatformCerts | undefined = renews
    ? createPlatformCerts({
        keys: platform,
        expires,
        apiV3Key: c.WECHATPAY_APIV3_KEY,
        // checked by createPlatformCerts against the certificates it brings, not by the library
        download: () =>
          client.request('v3/certificates', 'get', undefined, {
            transformResponse: [(d: unknown) => d],
            responseType: 'text',
          }) as unknown as Promise<Res & { headers: Record<string, unknown> }>,
        log: (msg, e) => console.warn(msg, e instanceof Error ? e.message : e),
      })
    : undefined;
  const noticeKeys = { mchid, apiV3Key: c.WECHATPAY_APIV3_KEY, platform };
  const tradePath = (no: string) => `v3/pay/transactions/out-trade-no/${encodeURIComponent(no)}`;

  async function query(no: string): Promise<QueryResult> {
    let r: Res;
    try {
      r = await client.request(tradePath(no), 'get', undefined, { params: { mchid } });
    } catch (e) {
      if (errorOf(e).code === 'ORDER_NOT_EXIST') return { state: 'pending' };
      throw fail(e);
    }
    const t = r.data as {
      trade_state?: string;
      transaction_id?: string;
      success_time?: string;
      amount?: { total?: number };
    };
    if (t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND') {
      if (!t.transaction_id || !Number.isSafeInteger(t.amount?.total))
        throw new WechatpayError('微信支付：查询结果格式错误');
      return {
        state: 'paid',
        txn_id: t.transaction_id,
        amount_fen: t.amount?.total as number,
        paid_at: t.success_time ? new Date(t.success_time) : new Date(),
      };
    }
    if (t.trade_state === 'CLOSED' || t.trade_state === 'REVOKED' || t.trade_state === 'PAYERROR')
      return { state: 'closed' };
    return { state: 'pending' };
  }

  return {
    name: 'wechatpay',

    /** The platform certificates' renewal (tests call refresh; absent in the 微信支付公钥 mode). */
    certs,

    async create(r) {
      certs?.daily();
      try {
        const res = await client.request('v3/pay/transactions/native', 'post', {
          appid,
          mchid,
          description: r.subject.slice(0, 127),
          out_trade_no: r.payment_no,
          time_expire: rfc3339(r.expires_at),
          notify_url: r.notify_url,
          amount: { total: r.amount_fen, currency: 'CNY' },
        });
        const url = (res.data as { code_url?: string }).code_url;
        if (!url) throw new WechatpayError('微信支付：下单结果缺少二维码链接');
        return { qr_payload: url, cashier_url: url };
      } catch (e) {
        throw e instanceof WechatpayError ? e : fail(e);
      }
    },

    async verifyNotice(n, now) {
      if (certs) {
        certs.daily();
        const serial = n.headers[WECHAT_HEADERS.serial];
        if (typeof serial === 'string' && serial) await certs.knows(serial);
      }
      return verifyWechatNotice(noticeKeys, n, now, c.PAYMENT_NOTIFY_MAX_AGE_SECONDS);
    },

    // v3: 200/204 stops the repeats; 4xx/5xx with {code: FAIL, message} has WeChat Pay send again
    accepted: () => ({ http: 200, body: { code: 'SUCCESS', message: '成功' } }),
    refused: (reason) => ({ http: 400, body: { code: 'FAIL', message: reason } }),

    query,

    async refund(r) {
      let res: Res;
      try {
        res = await client.request('v3/refund/domestic/refunds', 'post', {
          out_trade_no: r.payment_no,
          out_refund_no: r.refund_no,
          reason: r.reason.slice(0, 80) || undefined,
          amount: { refund: r.amount_fen, total: r.total_fen, currency: 'CNY' },
        });
      } catch (e) {
        throw fail(e);
      }
      const d = res.data as { refund_id?: string; status?: string };
      if (!d.refund_id || (d.status !== 'SUCCESS' && d.status !== 'PROCESSING'))
        throw new WechatpayError(`微信支付：退款未受理（${d.status ?? '无状态'}）`);
      return { refund_id: d.refund_id };
    },

    async close(no) {
      try {
        await client.request(`${tradePath(no)}/close`, 'post', { mchid });
        return 'closed';
      } catch (e) {
        // refused (a paid order cannot be closed): what the order is decides
        const q = await query(no).catch(() => undefined);
        if (q?.state === 'paid') return 'paid';
        if (q?.state === 'closed' || errorOf(e).code === 'ORDER_NOT_EXIST') return 'closed';
        throw fail(e);
      }
    },

    /** The day's trade bill read as it downloads (decision 184), its SHA1 checked at the end. */
    async *statementPages(day: string) {
      let bill: { download_url?: string; hash_type?: string; hash_value?: string };
      try {
        bill = (
          await client.request('v3/bill/tradebill', 'get', undefined, {
            params: { bill_date: day, bill_type: 'ALL' },
          })
        ).data as typeof bill;
      } catch (e) {
        if (errorOf(e).code === 'NO_STATEMENT_EXIST') return;
        throw fail(e);
      }
      const token = bill.download_url ? new URL(bill.download_url).searchParams.get('token') : null;
      if (!token) throw new WechatpayError('微信支付：对账单下载地址格式错误');
      let file: Res;
      try {
        file = await client.request('v3/billdownload/file', 'get', undefined, {
          params: { token },
          responseType: 'stream',
        });
      } catch (e) {
        throw fail(e);
      }
      const hash = createHash((bill.hash_type ?? 'SHA1').toLowerCase());
      const expected = bill.hash_value?.toLowerCase();
      async function* hashed(stream: AsyncIterable<Uint8Array>) {
        for await (const chunk of stream) {
          hash.update(chunk);
          yield chunk;
        }
        // the lines already handed out are dropped by the reconciliation when this throws
        if (expected && hash.digest('hex') !== expected)
          throw new WechatpayError('微信支付：对账单摘要校验失败');
      }
      yield* pages(wechatBillLines(textLines(hashed(file.data as AsyncIterable<Uint8Array>))));
    },

    statement(day) {
      return collect(this.statementPages!(day));
    },
  };
}
