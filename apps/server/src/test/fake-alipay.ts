import { createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import JSZip from 'jszip';
import { beijingText } from '../modules/payment/acquirer-keys.ts';
import { alipaySignContent, rsa2Sign } from '../modules/payment/alipay-sign.ts';
import { alipayCertSn, alipayRootSn } from './x509-fixture.ts';

/**
 * A local stand-in for Alipay's gateway (decision 170), answering as Alipay documents: every request's
 * RSA2 signature is checked with the app's public key (sorted parameters with sign_type, without sign),
 * every answer is `{"<method>_response": {...}, "sign": RSA2 over that object's JSON}` signed with the
 * fake Alipay's private key; trades, refunds and a zipped GBK trade bill.
 */

export const rsaPair = () => {
  const k = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: k.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    /** Alipay's console style: PKCS#1 key as one bare base64 line. */
    privateBare: k.privateKey.export({ type: 'pkcs1', format: 'der' }).toString('base64'),
    publicPem: k.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    publicBare: k.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  };
};

/** GBK bytes of a text (the bill's encoding): a reverse table built from the platform's GBK decoder. */
let gbkTable: Map<string, number[]> | undefined;
export function gbk(text: string): Buffer {
  if (!gbkTable) {
    gbkTable = new Map();
    const dec = new TextDecoder('gbk');
    for (let a = 0x81; a <= 0xfe; a++)
      for (let b = 0x40; b <= 0xfe; b++) {
        if (b === 0x7f) continue;
        const ch = dec.decode(new Uint8Array([a, b]));
        if (ch.length === 1 && ch !== '\uFFFD' && !gbkTable.has(ch)) gbkTable.set(ch, [a, b]);
      }
  }
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) out.push(code);
    else out.push(...(gbkTable.get(ch) ?? [0x3f]));
  }
  return Buffer.from(out);
}

export interface FakeTrade {
  out_trade_no: string;
  total_amount: string;
  subject: string;
  trade_no: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  paid_at?: Date;
  refunds: { out_request_no: string; amount: string; at: Date }[];
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of req) parts.push(c as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/** The certificate mode (decision 184): the app's and Alipay's certificates, the root, Alipay's cert key. */
export interface FakeAlipayCerts {
  appCert: string;
  alipayCert: string;
  rootCert: string;
  alipayPrivatePem: string;
}

export async function fakeAlipay(appPublicKey: string, cert?: FakeAlipayCerts) {
  const pair = rsaPair();
  const alipay = cert ? { ...pair, privatePem: cert.alipayPrivatePem } : pair;
  // in the certificate mode every request names the app's certificate and the root by their SNs
  const sns = cert && { app: alipayCertSn(cert.appCert), root: alipayRootSn(cert.rootCert) };
  const trades = new Map<string, FakeTrade>();
  const calls: { method: string; signed: boolean; params: Record<string, string> }[] = [];
  let seq = 0;
  let bill: Buffer | undefined;

  const answer = (method: string, inner: Record<string, unknown>) => {
    const json = JSON.stringify(inner);
    const sn = cert ? `,"alipay_cert_sn":"${alipayCertSn(cert.alipayCert)}"` : '';
    return `{"${method.replaceAll('.', '_')}_response":${json},"sign":"${rsa2Sign(json, alipay.privatePem)}"${sn}}`;
  };
  const notFound = {
    code: '40004',
    msg: 'Business Failed',
    sub_code: 'ACQ.TRADE_NOT_EXIST',
    sub_msg: '交易不存在',
  };

  function handle(method: string, biz: Record<string, string>): Record<string, unknown> {
    const t = trades.get(biz.out_trade_no ?? '');
    switch (method) {
      case 'alipay.trade.precreate':
        trades.set(biz.out_trade_no!, {
          out_trade_no: biz.out_trade_no!,
          total_amount: biz.total_amount!,
          subject: biz.subject!,
          trade_no: `2026${String(++seq).padStart(24, '0')}`,
          status: 'WAIT_BUYER_PAY',
          refunds: [],
        });
        return {
          code: '10000',
          msg: 'Success',
          out_trade_no: biz.out_trade_no,
          qr_code: `https://qr.alipay.com/bax0${seq}`,
        };
      case 'alipay.trade.pay': {
        // 付款码 (decision 182): a code ending in 9 waits for the buyer (10003), 0000 is refused
        if (biz.scene !== 'bar_code' || !/^(2[5-9]|30)\d{14,22}$/.test(biz.auth_code ?? ''))
          return {
            code: '40004',
            msg: 'Business Failed',
            sub_code: 'ACQ.PAYMENT_AUTH_CODE_INVALID',
            sub_msg: '付款码无效',
          };
        if (biz.auth_code!.endsWith('0000'))
          return {
            code: '40004',
            msg: 'Business Failed',
            sub_code: 'ACQ.BUYER_BALANCE_NOT_ENOUGH',
            sub_msg: '买家余额不足',
          };
        const waits = biz.auth_code!.endsWith('9');
        const paidAt = new Date();
        const tr: FakeTrade = {
          out_trade_no: biz.out_trade_no!,
          total_amount: biz.total_amount!,
          subject: biz.subject!,
          trade_no: `2026${String(++seq).padStart(24, '0')}`,
          status: waits ? 'WAIT_BUYER_PAY' : 'TRADE_SUCCESS',
          ...(waits ? {} : { paid_at: paidAt }),
          refunds: [],
        };
        trades.set(tr.out_trade_no, tr);
        if (waits)
          return {
            code: '10003',
            msg: ' order success pay inprocess',
            out_trade_no: tr.out_trade_no,
            trade_no: tr.trade_no,
          };
        return {
          code: '10000',
          msg: 'Success',
          out_trade_no: tr.out_trade_no,
          trade_no: tr.trade_no,
          total_amount: tr.total_amount,
          gmt_payment: beijingText(paidAt),
        };
      }
      case 'alipay.trade.query':
        if (!t) return notFound;
        return {
          code: '10000',
          msg: 'Success',
          out_trade_no: t.out_trade_no,
          trade_no: t.trade_no,
          trade_status: t.status,
          total_amount: t.total_amount,
          ...(t.paid_at ? { send_pay_date: beijingText(t.paid_at) } : {}),
        };
      case 'alipay.trade.close':
        if (!t) return notFound;
        if (t.status !== 'WAIT_BUYER_PAY')
          return {
            code: '40004',
            msg: 'Business Failed',
            sub_code: 'ACQ.TRADE_STATUS_ERROR',
            sub_msg: '交易状态不合法',
          };
        t.status = 'TRADE_CLOSED';
        return { code: '10000', msg: 'Success', out_trade_no: t.out_trade_no, trade_no: t.trade_no };
      case 'alipay.trade.refund': {
        if (t?.status !== 'TRADE_SUCCESS') return notFound;
        const done = t.refunds.find((r) => r.out_request_no === biz.out_request_no);
        const refunded = t.refunds.reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0);
        if (
          !done &&
          refunded + Math.round(Number(biz.refund_amount) * 100) > Math.round(Number(t.total_amount) * 100)
        )
          return {
            code: '40004',
            msg: 'Business Failed',
            sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
            sub_msg: '退款金额超限',
          };
        if (!done)
          t.refunds.push({ out_request_no: biz.out_request_no!, amount: biz.refund_amount!, at: new Date() });
        return {
          code: '10000',
          msg: 'Success',
          trade_no: t.trade_no,
          out_trade_no: t.out_trade_no,
          fund_change: done ? 'N' : 'Y',
          refund_fee: biz.refund_amount,
        };
      }
      case 'alipay.data.dataservice.bill.downloadurl.query':
        if (!bill)
          return {
            code: '40004',
            msg: 'Business Failed',
            sub_code: 'isp.bill_not_exist',
            sub_msg: '账单不存在',
          };
        return {
          code: '10000',
          msg: 'Success',
          bill_download_url: `${base}/bill.zip?bill_date=${biz.bill_date}`,
        };
      default:
        return {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'isv.method-not-supported',
          sub_msg: method,
        };
    }
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/bill.zip') {
      res.writeHead(200, { 'content-type': 'application/zip' }).end(bill);
      return;
    }
    const params = {
      ...Object.fromEntries(url.searchParams),
      ...Object.fromEntries(new URLSearchParams(await bodyOf(req))),
    };
    const signed =
      !!params.sign &&
      createVerify('RSA-SHA256')
        .update(alipaySignContent(params, true), 'utf8')
        .verify(appPublicKey, params.sign, 'base64');
    const method = params.method ?? '';
    calls.push({ method, signed, params });
    const certOk = !sns || (params.app_cert_sn === sns.app && params.alipay_root_cert_sn === sns.root);
    const inner = !signed
      ? { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' }
      : !certOk
        ? {
            code: '40002',
            msg: 'Invalid Arguments',
            sub_code: 'isv.app-cert-sn-invalid',
            sub_msg: '应用公钥证书序列号不正确',
          }
        : handle(method, JSON.parse(params.biz_content ?? '{}'));
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' }).end(answer(method, inner));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    gateway: `${base}/gateway.do`,
    publicKey: alipay.publicBare,
    privateKey: alipay.privatePem,
    trades,
    calls,
    /** The customer pays a precreated trade (as the Alipay app would). */
    pay(no: string, at = new Date()) {
      const t = trades.get(no);
      if (!t) throw new Error(`fake alipay: no trade ${no}`);
      t.status = 'TRADE_SUCCESS';
      t.paid_at = at;
      return t;
    },
    /** The day's bill: a zip of GBK CSVs (details and summary) as Alipay serves it. */
    async setBill(csvDetails: string) {
      const zip = new JSZip();
      zip.file('20880000000000000156_20261127_业务明细.csv', gbk(csvDetails));
      zip.file(
        '20880000000000000156_20261127_业务明细(汇总).csv',
        gbk('#支付宝业务汇总查询\n门店编号,门店名称,交易订单总笔数\n'),
      );
      bill = await zip.generateAsync({
        type: 'nodebuffer',
        compression: 'DEFLATE',
        encodeFileName: (n) => gbk(n) as unknown as string,
      });
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/** An Alipay notification as Alipay posts it: form-encoded, RSA2-signed over the sorted fields. */
export function alipayNotice(privateKeyPem: string, fields: Record<string, string>): string {
  const params = { ...fields, sign_type: 'RSA2' };
  const sign = rsa2Sign(alipaySignContent(params), privateKeyPem);
  return new URLSearchParams({ ...params, sign }).toString();
}
