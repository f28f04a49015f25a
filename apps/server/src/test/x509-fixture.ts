import { createHash, type KeyObject, sign, X509Certificate } from 'node:crypto';

/**
 * Test certificates built with node:crypto alone (decision 184): a minimal DER encoder for an X.509 v3
 * certificate (no extensions) signed sha256WithRSAEncryption by its issuer's key, enough for the
 * acquirers' certificate modes (Alipay's app / public / root certificates, WeChat Pay's platform
 * certificates). And Alipay's documented certificate SN rule, computed independently of alipay-sdk.
 */

const len = (n: number) => {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
};
const tlv = (tag: number, body: Buffer) => Buffer.concat([Buffer.from([tag]), len(body.length), body]);
const seq = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const oid = (dotted: string) => {
  const [a, b, ...rest] = dotted.split('.').map(Number) as [number, number, ...number[]];
  const out = [a * 40 + b];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift(0x80 | (v & 0x7f));
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
};
const int = (hex: string) => {
  let b = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  if (b[0]! & 0x80) b = Buffer.concat([Buffer.from([0]), b]);
  return tlv(0x02, b);
};
const time = (d: Date) => tlv(0x17, Buffer.from(`${d.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`));

/** A distinguished name, in the order written (C first, CN last, as certificates usually are). */
export type Dn = [attr: 'C' | 'O' | 'OU' | 'CN', value: string][];
const ATTR = { C: '2.5.4.6', O: '2.5.4.10', OU: '2.5.4.11', CN: '2.5.4.3' } as const;
const name = (dn: Dn) =>
  seq(
    ...dn.map(([k, v]) => tlv(0x31, seq(oid(ATTR[k]), tlv(k === 'C' ? 0x13 : 0x0c, Buffer.from(v, 'utf8'))))),
  );
const SHA256_RSA = seq(oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));

export interface CertSpec {
  subject: Dn;
  issuer: Dn;
  /** Hex, positive. */
  serial: string;
  publicKey: KeyObject;
  /** The issuer's private key (the subject's own for a self-signed root). */
  signKey: KeyObject;
  notBefore?: Date;
  notAfter?: Date;
}

/** A PEM certificate. */
export function makeCert(s: CertSpec): string {
  const tbs = seq(
    tlv(0xa0, int('02')),
    int(s.serial),
    SHA256_RSA,
    name(s.issuer),
    seq(
      time(s.notBefore ?? new Date(Date.now() - 86_400_000)),
      time(s.notAfter ?? new Date(Date.now() + 365 * 86_400_000)),
    ),
    name(s.subject),
    s.publicKey.export({ type: 'spki', format: 'der' }),
  );
  const sig = sign('sha256', tbs, s.signKey);
  const der = seq(tbs, SHA256_RSA, tlv(0x03, Buffer.concat([Buffer.from([0]), sig])));
  const b64 = der.toString('base64').replace(/.{64}/g, '$&\n');
  return `-----BEGIN CERTIFICATE-----\n${b64.replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
}

/**
 * Alipay's certificate SN (公钥证书模式, as its open platform documents it): md5, hex, of the issuer's DN
 * written from its last attribute to its first (`CN=…,OU=…,O=…,C=…`) followed by the serial in decimal.
 * For the root certificate file: the SNs of its RSA certificates joined by `_`.
 */
export function alipayCertSn(pem: string): string {
  const c = new X509Certificate(pem);
  const dn = c.issuer.split('\n').reverse().join(',');
  return createHash('md5')
    .update(dn + BigInt(`0x${c.serialNumber}`).toString(10), 'utf8')
    .digest('hex');
}
export function alipayRootSn(pemChain: string): string {
  return (pemChain.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g) ?? [])
    .filter((p) => new X509Certificate(p).publicKey.asymmetricKeyType === 'rsa') // the RSA ones (the file also holds SM2)
    .map(alipayCertSn)
    .join('_');
}
