import { type KeyObject, X509Certificate } from 'node:crypto';
import { Rsa } from 'wechatpay-axios-plugin';
import { WECHAT_HEADERS, wechatDecrypt, wechatMessage } from './wechatpay-sign.ts';

/**
 * WeChat Pay's platform certificates, renewed (decision 184). `GET /v3/certificates` answers every
 * platform certificate in force, each AEAD_AES_256_GCM-encrypted under the APIv3 key; the answer is signed
 * with one of them (possibly a new one we do not know yet, so it is checked against the decrypted set: the
 * APIv3 key, a secret only WeChat Pay and we hold, is what vouches for them). Every unexpired certificate is
 * kept by serial in `keys` — the very object the client's answer verifier and the notification check read —
 * and expired ones are dropped. A refresh runs once a day (started by the adapter's own calls, in the
 * background) and when a notification names an unknown serial, at most once a minute.
 */

export interface DownloadAnswer {
  data: unknown;
  headers: Record<string, unknown>;
}

export interface PlatformCerts {
  /** Serial → public key; shared with the client (answers) and the notification check. */
  readonly keys: Record<string, KeyObject>;
  /** Downloads and adds the certificates in force; throws (and changes nothing) when the answer fails a check. */
  refresh(): Promise<number>;
  /** Starts the daily refresh in the background when a day has passed since the last one. */
  daily(): void;
  /** A notification names this serial: refresh (unless one ran in the last minute); answers whether it is known now. */
  knows(serial: string): Promise<boolean>;
}

interface Listed {
  serial_no?: string;
  expire_time?: string;
  encrypt_certificate?: { algorithm?: string; nonce?: string; associated_data?: string; ciphertext?: string };
}

const DAY = 86_400_000;

export function createPlatformCerts(o: {
  keys: Record<string, KeyObject>;
  /** Expiry of the configured certificates, by serial (a bare key never expires here). */
  expires?: Record<string, Date>;
  apiV3Key: string;
  /** GET v3/certificates, the raw body (text) and the answer's headers. */
  download: () => Promise<DownloadAnswer>;
  now?: () => number;
  minGapMs?: number;
  log?: (msg: string, err?: unknown) => void;
}): PlatformCerts {
  const now = o.now ?? Date.now;
  const gap = o.minGapMs ?? 60_000;
  const expires = new Map(Object.entries(o.expires ?? {}));
  // the daily pass and the unknown-serial refresh keep their own clocks: a daily pass just made must not
  // hold back the refresh a rotated certificate needs
  let lastDaily = Number.NEGATIVE_INFINITY;
  let lastAsked = Number.NEGATIVE_INFINITY;
  let running: Promise<number> | undefined;

  async function download(): Promise<number> {
    const res = await o.download();
    const raw =
      typeof res.data === 'string' ? res.data : Buffer.from(res.data as ArrayBuffer).toString('utf8');
    const list = (JSON.parse(raw) as { data?: Listed[] }).data;
    if (!Array.isArray(list)) throw new Error('微信支付：平台证书列表格式错误');
    const found: Record<string, { key: KeyObject; until: Date }> = {};
    for (const c of list) {
      const e = c.encrypt_certificate;
      if (!c.serial_no || e?.algorithm !== 'AEAD_AES_256_GCM' || !e.ciphertext || !e.nonce)
        throw new Error('微信支付：平台证书列表格式错误');
      // throws on a wrong APIv3 key or an altered ciphertext (the GCM tag)
      const x = new X509Certificate(
        wechatDecrypt(e.ciphertext, o.apiV3Key, e.nonce, e.associated_data ?? ''),
      );
      if (x.serialNumber.toUpperCase() !== c.serial_no.toUpperCase())
        throw new Error('微信支付：平台证书序列号与证书不符');
      const until = new Date(x.validTo);
      if (until.getTime() > now()) found[c.serial_no] = { key: x.publicKey, until };
    }
    // the answer is signed by a certificate we knew or by one of those it brings
    const h = (n: string) => String(res.headers[n] ?? '');
    const serial = h(WECHAT_HEADERS.serial);
    const key = found[serial]?.key ?? (Object.hasOwn(o.keys, serial) ? o.keys[serial] : undefined);
    if (
      !key ||
      !Rsa.verify(
        wechatMessage(h(WECHAT_HEADERS.timestamp), h(WECHAT_HEADERS.nonce), raw),
        h(WECHAT_HEADERS.signature),
        key,
      )
    )
      throw new Error('微信支付：平台证书列表的签名验证失败');
    for (const [s, c] of Object.entries(found)) {
      o.keys[s] = c.key;
      expires.set(s, c.until);
    }
    for (const [s, until] of expires)
      if (until.getTime() <= now() && Object.keys(o.keys).length > 1) {
        delete o.keys[s];
        expires.delete(s);
      }
    return Object.keys(found).length;
  }

  function refresh(): Promise<number> {
    running ??= download().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    keys: o.keys,
    refresh,
    daily() {
      if (now() - lastDaily < DAY) return;
      lastDaily = now();
      refresh().catch((e) => o.log?.('微信支付平台证书更新失败', e));
    },
    async knows(serial) {
      if (Object.hasOwn(o.keys, serial)) return true;
      if (running) await running.catch(() => undefined);
      else if (now() - lastAsked >= gap) {
        lastAsked = now();
        await refresh().catch((e) => o.log?.('微信支付平台证书更新失败', e));
      }
      return Object.hasOwn(o.keys, serial);
    },
  };
}
