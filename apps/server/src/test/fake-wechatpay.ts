import {
  createHash,
  createPublicKey,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { Aes } from 'wechatpay-axios-plugin';
import { rsaPair } from './fake-alipay.ts';
import { type Dn, makeCert } from './x509-fixture.ts';

/**
 * A local stand-in for WeChat Pay API v3 (decision 170), answering as its documents say: the request's
 * Authorization (WECHATPAY2-SHA256-RSA2048, signature over method, path with query, timestamp, nonce
 * and body) is checked with the merchant's public key; answers carry Wechatpay-Timestamp/-Nonce/-Serial/
 * -Signature signed with the platform key (the 微信支付公钥 mode, serial PUB_KEY_ID_…); Native orders,
 * query, close, refunds and the trade bill (backtick CSV, SHA1 digest).
 */

export const PLATFORM_SERIAL = 'PUB_KEY_ID_0114232134912410000000000000';

export interface WxTrade {
  out_trade_no: string;
  total: number;
  transaction_id: string;
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  success_time?: string;
  refunded: number;
}

const createPublicKeyOf = (pem: string) => createPublicKey(pem);
const read = async (req: IncomingMessage) => {
  const parts: Buffer[] = [];
  for await (const c of req) parts.push(c as Buffer);
  return Buffer.concat(parts).toString('utf8');
};

/** `2026-11-27T10:00:05+08:00` */
export const rfc3339Beijing = (d: Date) =>
  `${new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

/**
 * `certMode` (decision 184): platform certificates instead of the 微信支付公钥 — issued by a fake Tenpay CA,
 * served encrypted by GET /v3/certificates, and `rotate()` issues a new one that then signs everything.
 */
export async function fakeWechatpay(
  merchantPublicKey: string,
  mchid: string,
  apiV3Key: string,
  opts: { certMode?: boolean } = {},
) {
  const platform = rsaPair();
  const ca = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const caDn: Dn = [
    ['C', 'CN'],
    ['O', 'Tenpay.com'],
    ['OU', 'Tenpay.com CA Center'],
    ['CN', 'Tenpay.com Root CA'],
  ];
  const issued: { serial: string; privatePem: string; cert: string }[] = [];
  const issue = () => {
    const k = rsaPair();
    const serial = randomBytes(20)
      .toString('hex')
      .toUpperCase()
      .replace(/^[089A-F]/, '1'); // positive and minimal in DER: no leading 00 byte (1 run in 256 failed)
    const cert = makeCert({
      subject: [
        ['C', 'CN'],
        ['O', '财付通支付科技有限公司'],
        ['OU', '财付通支付科技有限公司'],
        ['CN', 'Tenpay.com sign'],
      ],
      issuer: caDn,
      serial,
      publicKey: createPublicKeyOf(k.publicPem),
      signKey: ca.privateKey,
    });
    const c = { serial, privatePem: k.privatePem, cert };
    issued.push(c);
    return c;
  };
  let signer = opts.certMode ? issue() : { serial: PLATFORM_SERIAL, privatePem: platform.privatePem };
  const trades = new Map<string, WxTrade>();
  const calls: { method: string; path: string; signed: boolean; body: unknown }[] = [];
  let seq = 0;
  let bill: Buffer | undefined;
  // a bill too big to hold (decision 184): made again, chunk by chunk, each time it is served
  let billMaker: (() => Iterable<Buffer>) | undefined;
  let billHash = '';

  /** Signs a response as WeChat Pay does: `timestamp\nnonce\nbody\n`. */
  const send = (res: ServerResponse, status: number, data?: unknown, raw?: Buffer) => {
    const body = raw ? '' : data === undefined ? '' : JSON.stringify(data);
    const ts = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const sig = createSign('RSA-SHA256')
      .update(`${ts}\n${nonce}\n${body}\n`)
      .sign(signer.privatePem, 'base64');
    res.writeHead(status, {
      'content-type': raw ? 'text/plain' : 'application/json',
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': signer.serial,
      'wechatpay-signature': sig,
    });
    res.end(raw ?? body);
  };
  const err = (res: ServerResponse, status: number, code: string, message: string) =>
    send(res, status, { code, message });

  const server = createServer(async (req, res) => {
    const text = await read(req);
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://x');
    const auth = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const a = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const signed =
      a.mchid === mchid &&
      !!a.signature &&
      createVerify('RSA-SHA256')
        .update(`${method}\n${url.pathname}${url.search}\n${a.timestamp}\n${a.nonce_str}\n${text}\n`)
        .verify(merchantPublicKey, a.signature, 'base64');
    const body = text ? JSON.parse(text) : {};
    calls.push({ method, path: url.pathname, signed, body });
    if (!signed) return err(res, 401, 'SIGN_ERROR', '签名错误');
    const p = url.pathname;
    const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(p);
    if (method === 'POST' && p === '/v3/pay/transactions/native') {
      const tr: WxTrade = {
        out_trade_no: body.out_trade_no,
        total: body.amount.total,
        transaction_id: `42000${String(++seq).padStart(23, '0')}`,
        trade_state: 'NOTPAY',
        refunded: 0,
      };
      trades.set(tr.out_trade_no, tr);
      return send(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=fake${seq}` });
    }
    if (byNo) {
      const tr = trades.get(decodeURIComponent(byNo[1]!));
      if (!tr) return err(res, 404, 'ORDER_NOT_EXIST', '订单不存在');
      if (byNo[2]) {
        if (tr.trade_state !== 'NOTPAY') return err(res, 400, 'ORDERPAID', '订单已支付');
        tr.trade_state = 'CLOSED';
        return send(res, 204);
      }
      return send(res, 200, {
        appid: 'wxd678efh567hg6787',
        mchid,
        out_trade_no: tr.out_trade_no,
        transaction_id: tr.trade_state === 'NOTPAY' ? undefined : tr.transaction_id,
        trade_type: 'NATIVE',
        trade_state: tr.trade_state,
        success_time: tr.success_time,
        amount: { total: tr.total, payer_total: tr.total, currency: 'CNY', payer_currency: 'CNY' },
      });
    }
    if (method === 'POST' && p === '/v3/refund/domestic/refunds') {
      const tr = trades.get(body.out_trade_no);
      if (!tr || (tr.trade_state !== 'SUCCESS' && tr.trade_state !== 'REFUND'))
        return err(res, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      if (tr.refunded + body.amount.refund > tr.total)
        return err(res, 403, 'NOT_ENOUGH', '退款金额超过可退金额');
      tr.refunded += body.amount.refund;
      tr.trade_state = 'REFUND';
      return send(res, 200, {
        refund_id: `50000${String(++seq).padStart(24, '0')}`,
        out_refund_no: body.out_refund_no,
        status: 'PROCESSING',
      });
    }
    if (method === 'GET' && p === '/v3/bill/tradebill') {
      if (!bill && !billMaker) return err(res, 400, 'NO_STATEMENT_EXIST', '账单文件不存在');
      const hash = bill ? createHash('sha1').update(bill).digest('hex') : billHash;
      return send(res, 200, {
        hash_type: 'SHA1',
        hash_value: hash,
        download_url: `https://api.mch.weixin.qq.com/v3/billdownload/file?token=tok${url.searchParams.get('bill_date')}`,
      });
    }
    if (method === 'GET' && p === '/v3/certificates' && opts.certMode)
      return send(res, 200, {
        data: issued.map((c) => {
          const n = randomBytes(6).toString('hex');
          return {
            serial_no: c.serial,
            effective_time: rfc3339Beijing(new Date(Date.now() - 86_400_000)),
            expire_time: rfc3339Beijing(new Date(Date.now() + 365 * 86_400_000)),
            encrypt_certificate: {
              algorithm: 'AEAD_AES_256_GCM',
              nonce: n,
              associated_data: 'certificate',
              ciphertext: Aes.AesGcm.encrypt(c.cert, apiV3Key, n, 'certificate'),
            },
          };
        }),
      });
    if (method === 'GET' && p === '/v3/billdownload/file' && billMaker) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      Readable.from(billMaker()).pipe(res);
      return;
    }
    if (method === 'GET' && p === '/v3/billdownload/file' && bill) return send(res, 200, undefined, bill);
    return err(res, 404, 'NOT_FOUND', '接口不存在');
  });
  // a kept-alive socket closed by the server while the client reuses it resets the next request (a long
  // reconciliation leaves the socket idle past Node's 5 s): keep them longer than any test waits
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  /** A TRANSACTION.SUCCESS notification, signed and encrypted as WeChat Pay sends it. */
  function notice(
    no: string,
    o: {
      at?: Date;
      total?: number;
      key?: string;
      signKey?: string;
      serial?: string;
      nonce?: string;
      mchid?: string;
    } = {},
  ) {
    const tr = trades.get(no)!;
    const at = o.at ?? new Date();
    const resourceNonce = randomBytes(6).toString('hex');
    const plain = JSON.stringify({
      mchid: o.mchid ?? mchid,
      appid: 'wxd678efh567hg6787',
      out_trade_no: no,
      transaction_id: tr.transaction_id,
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      bank_type: 'OTHERS',
      success_time: tr.success_time ?? rfc3339Beijing(at),
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: {
        total: o.total ?? tr.total,
        payer_total: o.total ?? tr.total,
        currency: 'CNY',
        payer_currency: 'CNY',
      },
    });
    const body = JSON.stringify({
      id: 'EV-2018022511223320873',
      create_time: rfc3339Beijing(at),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: Aes.AesGcm.encrypt(plain, o.key ?? apiV3Key, resourceNonce, 'transaction'),
        associated_data: 'transaction',
        nonce: resourceNonce,
      },
    });
    const ts = String(Math.floor(at.getTime() / 1000));
    const nonce = o.nonce ?? randomBytes(16).toString('hex').toUpperCase();
    const signature = createSign('RSA-SHA256')
      .update(`${ts}\n${nonce}\n${body}\n`)
      .sign(o.signKey ?? signer.privatePem, 'base64');
    return {
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': ts,
        'wechatpay-nonce': nonce,
        'wechatpay-serial': o.serial ?? signer.serial,
        'wechatpay-signature': signature,
      },
      body,
    };
  }

  return {
    baseURL: base,
    platformPublicKey: platform.publicPem,
    /** certMode: the first platform certificate (what a merchant downloads at setup). */
    platformCert: issued[0]?.cert,
    /** The serial answers and notifications are signed under now. */
    serial: () => signer.serial,
    /** certMode: WeChat Pay issues a new platform certificate and signs with it from now on. */
    rotate() {
      signer = issue();
      return signer.serial;
    },
    trades,
    calls,
    notice,
    pay(no: string, at = new Date()) {
      const tr = trades.get(no)!;
      tr.trade_state = 'SUCCESS';
      tr.success_time = rfc3339Beijing(at);
      return tr;
    },
    setBill(csv: string) {
      bill = Buffer.from(csv, 'utf8');
      billMaker = undefined;
    },
    /** A bill served as a stream of chunks, never held (its SHA1 computed by making it once); `serve`: another file served under that digest. */
    setBillStream(make: () => Iterable<Buffer>, o: { serve?: () => Iterable<Buffer> } = {}) {
      const h = createHash('sha1');
      for (const c of make()) h.update(c);
      billHash = h.digest('hex');
      billMaker = o.serve ?? make;
      bill = undefined;
    },
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeIdleConnections();
      }),
  };
}
