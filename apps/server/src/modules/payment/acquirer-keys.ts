import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * Keys of the real acquirers (decision 170), read once when the adapter is built: a value from the
 * environment or a file, normalized to PEM (Alipay's console hands out bare base64 lines, PKCS#1 or
 * PKCS#8; WeChat Pay hands out PEM files and certificates).
 */

/** The inline value, else the file's text; undefined when neither is set. */
export function secretOf(value: string | undefined, file: string | undefined): string | undefined {
  if (value) return value.replace(/\\n/g, '\n');
  if (file) return readFileSync(file, 'utf8');
  return undefined;
}

const bare = (text: string) => Buffer.from(text.replace(/-----[^-]+-----|\s+/g, ''), 'base64');

/** A private key (PEM, or a bare base64 PKCS#8 / PKCS#1 line) as PKCS#8 PEM. */
export function privatePem(text: string): string {
  const key = text.includes('-----BEGIN')
    ? createPrivateKey(text)
    : (() => {
        try {
          return createPrivateKey({ key: bare(text), format: 'der', type: 'pkcs8' });
        } catch {
          return createPrivateKey({ key: bare(text), format: 'der', type: 'pkcs1' });
        }
      })();
  return key.export({ format: 'pem', type: 'pkcs8' }).toString();
}

/** A public key (PEM, bare base64 SPKI line, or an X.509 certificate) as SPKI PEM. */
export function publicPem(text: string): string {
  if (text.includes('BEGIN CERTIFICATE'))
    return new X509Certificate(text).publicKey.export({ format: 'pem', type: 'spki' }).toString();
  const key = text.includes('-----BEGIN')
    ? createPublicKey(text)
    : createPublicKey({ key: bare(text), format: 'der', type: 'spki' });
  return key.export({ format: 'pem', type: 'spki' }).toString();
}

/** The serial of a certificate (upper-case hex, as WeChat Pay names it in Wechatpay-Serial); undefined for a bare key. */
export function certSerial(text: string): string | undefined {
  return text.includes('BEGIN CERTIFICATE')
    ? new X509Certificate(text).serialNumber.toUpperCase()
    : undefined;
}

/** Fen → Alipay's yuan string with two decimals ("12.30"). */
export const fenToYuanText = (fen: number) =>
  `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** Beijing wall time `yyyy-MM-dd HH:mm:ss` (Alipay's notify_time, gmt_payment, bill lines) → Date. */
export function beijingTime(s: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(s.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, se] = m.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h - 8, mi, se));
}

/** Date → Beijing `yyyy-MM-dd HH:mm:ss`. */
export function beijingText(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
