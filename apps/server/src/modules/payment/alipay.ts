import { yuanToFen } from '@netbar/contract';
import { AlipaySdk } from 'alipay-sdk';
import { beijingText, beijingTime, fenToYuanText, privatePem, publicPem, secretOf } from './acquirer-keys.ts';
import { alipayBillPages } from './alipay-bill.ts';
import { verifyAlipayNotice } from './alipay-sign.ts';
import { collect } from './bill-stream.ts';
import type { PaymentProvider, ProviderDeps, QueryResult } from './provider.ts';

/**
 * Alipay (支付宝当面付, decision 170) through the official alipay-sdk: precreate → the QR (`qr_code`),
 * the RSA2-signed notification, query, refund, close, the day's trade bill and 付款码 (alipay.trade.pay,
 * scene bar_code; decision 182). Every gateway answer's
 * signature is checked with Alipay's public key (`validateSign`), given as a key or, in the certificate
 * mode (decision 184), read from Alipay's public key certificate. Not built without configuration.
 */

type Answer = Record<string, unknown> & { code?: string; msg?: string; sub_code?: string; sub_msg?: string };

/** An Alipay answer that is not 10000, as a Chinese error (the gateway's own sub_msg when it gave one). */
export class AlipayError extends Error {
  constructor(
    readonly code: string,
    readonly subCode: string,
    message: string,
  ) {
    super(message);
  }
}

export function createAlipay(deps: ProviderDeps): PaymentProvider | null {
  const c = deps.config;
  const privateKey = secretOf(c.ALIPAY_PRIVATE_KEY, c.ALIPAY_PRIVATE_KEY_FILE);
  const publicKey = secretOf(c.ALIPAY_PUBLIC_KEY, c.ALIPAY_PUBLIC_KEY_FILE);
  // 公钥证书模式 (decision 184): the SDK reads the certificates' SNs (app_cert_sn, alipay_root_cert_sn on
  // every request) and takes Alipay's key from its public certificate, for answers and notifications
  const certs = {
    appCertContent: secretOf(c.ALIPAY_APP_CERT, c.ALIPAY_APP_CERT_FILE),
    alipayPublicCertContent: secretOf(c.ALIPAY_PUBLIC_CERT, c.ALIPAY_PUBLIC_CERT_FILE),
    alipayRootCertContent: secretOf(c.ALIPAY_ROOT_CERT, c.ALIPAY_ROOT_CERT_FILE),
  };
  const certMode = !!(certs.appCertContent && certs.alipayPublicCertContent && certs.alipayRootCertContent);
  if (!c.ALIPAY_APP_ID || !privateKey || !(publicKey || certMode)) return null;
  const appId = c.ALIPAY_APP_ID;
  const sdk = new AlipaySdk({
    appId,
    privateKey: privatePem(privateKey),
    keyType: 'PKCS8',
    ...(certMode ? certs : { alipayPublicKey: publicPem(publicKey!) }),
    gateway: c.ALIPAY_GATEWAY,
    signType: 'RSA2',
    camelcase: false,
    timeout: 10_000,
  });

  async function call(method: string, biz: Record<string, unknown>, extra: Record<string, string> = {}) {
    const r = (await sdk.exec(method, { ...extra, bizContent: biz }, { validateSign: true })) as Answer;
    return r;
  }
  const fail = (r: Answer) =>
    new AlipayError(
      String(r.code ?? ''),
      String(r.sub_code ?? ''),
      `支付宝：${r.sub_msg || r.msg || '请求失败'}`,
    );

  async function query(no: string): Promise<QueryResult> {
    const r = await call('alipay.trade.query', { out_trade_no: no });
    // a precreated trade exists at Alipay only once the customer has scanned it
    if (r.code === '40004' && r.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'pending' };
    if (r.code !== '10000') throw fail(r);
    const status = String(r.trade_status ?? '');
    if (status === 'TRADE_CLOSED') return { state: 'closed' };
    if (status !== 'TRADE_SUCCESS' && status !== 'TRADE_FINISHED') return { state: 'pending' };
    const amount = yuanToFen(String(r.total_amount ?? ''));
    if (amount === undefined) throw new Error('支付宝：查询结果金额格式错误');
    return {
      state: 'paid',
      txn_id: String(r.trade_no),
      amount_fen: amount,
      paid_at: beijingTime(String(r.send_pay_date ?? '')) ?? new Date(),
    };
  }

  return {
    name: 'alipay',

    async create(r) {
      const a = await call(
        'alipay.trade.precreate',
        {
          out_trade_no: r.payment_no,
          total_amount: fenToYuanText(r.amount_fen),
          subject: r.subject.slice(0, 256),
          time_expire: beijingText(r.expires_at),
        },
        { notify_url: r.notify_url },
      );
      if (a.code !== '10000' || typeof a.qr_code !== 'string') throw fail(a);
      return { qr_payload: a.qr_code, cashier_url: a.qr_code };
    },

    async verifyNotice(n, now) {
      return verifyAlipayNotice(sdk, appId, n.body, now, c.PAYMENT_NOTIFY_MAX_AGE_SECONDS);
    },

    // Alipay reads the body: `success` stops its repeats, anything else has it send again later
    accepted: () => ({ http: 200, body: { code: 'SUCCESS', message: '成功' }, text: 'success' }),
    refused: (reason) => ({ http: 400, body: { code: 'FAIL', message: reason }, text: 'fail' }),

    query,

    /** 付款码: 10000 paid; 10003 the buyer confirms on the phone (the query follows); else refused. */
    async micropay(r) {
      const a = await call(
        'alipay.trade.pay',
        {
          out_trade_no: r.payment_no,
          scene: 'bar_code',
          auth_code: r.auth_code,
          total_amount: fenToYuanText(r.amount_fen),
          subject: r.subject.slice(0, 256),
        },
        { notify_url: r.notify_url },
      );
      if (a.code === '10003') return { state: 'paying' };
      if (a.code !== '10000') return { state: 'failed', reason: fail(a).message };
      const amount = yuanToFen(String(a.total_amount ?? ''));
      if (amount === undefined) throw new Error('支付宝：付款码支付结果金额格式错误');
      return {
        state: 'paid',
        txn_id: String(a.trade_no),
        amount_fen: amount,
        paid_at: beijingTime(String(a.gmt_payment ?? '')) ?? new Date(),
      };
    },

    async refund(r) {
      const a = await call('alipay.trade.refund', {
        out_trade_no: r.payment_no,
        refund_amount: fenToYuanText(r.amount_fen),
        out_request_no: r.refund_no,
        refund_reason: r.reason.slice(0, 256),
      });
      if (a.code !== '10000') throw fail(a);
      return { refund_id: `${String(a.trade_no ?? r.txn_id)}/${r.refund_no}` };
    },

    async close(no) {
      const a = await call('alipay.trade.close', { out_trade_no: no });
      if (a.code === '10000') return 'closed';
      if (a.sub_code === 'ACQ.TRADE_NOT_EXIST') return 'closed';
      if (a.sub_code === 'ACQ.TRADE_STATUS_ERROR') {
        const q = await query(no);
        if (q.state === 'paid') return 'paid';
        if (q.state === 'closed') return 'closed';
      }
      throw fail(a);
    },

    /** The day's trade bill read as it is inflated (decision 184): pages of lines, never the whole day. */
    async *statementPages(day: string) {
      const a = await call('alipay.data.dataservice.bill.downloadurl.query', {
        bill_type: 'trade',
        bill_date: day,
      });
      // no trade that day: Alipay answers "账单不存在"
      if (a.code === '40004' && a.sub_code === 'isp.bill_not_exist') return;
      if (a.code !== '10000' || typeof a.bill_download_url !== 'string') throw fail(a);
      const res = await fetch(a.bill_download_url, { signal: AbortSignal.timeout(60_000) });
      if (!res.ok) throw new Error(`支付宝：对账单下载失败（HTTP ${res.status}）`);
      // the zip's directory is at its end: the compressed file is held, its CSV inflated as a stream
      yield* alipayBillPages(Buffer.from(await res.arrayBuffer()));
    },

    statement(day) {
      return collect(this.statementPages!(day));
    },
  };
}
