import { createHash, createHmac } from 'node:crypto';
import { MERCHANT_MSG } from '@netbar/contract';
import { openV1, safeEqual, sealV1 } from '../../lib/crypto.ts';
import { BadInputError } from '../../lib/errors.ts';

/**
 * Merchant secrets (decision 164): ID and bank card numbers as AES-256-GCM (random 12-byte nonce,
 * `v1:` + base64(nonce | tag | ciphertext)), and the HMAC that signs the documents' expiring links.
 * Both keys derive from MERCHANT_FIELD_KEY, or from a key generated once and kept in the database.
 */
export interface MerchantKeys {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  /** The signature of a document link (43 characters, base64url). */
  sign(docId: number, exp: number): string;
  verify(docId: number, exp: number, sig: string): boolean;
}

export function merchantKeys(key: string): MerchantKeys {
  const enc = createHash('sha256').update(`merchant-field-enc:${key}`).digest();
  const mac = createHash('sha256').update(`merchant-doc-link:${key}`).digest();
  const sign = (docId: number, exp: number) =>
    createHmac('sha256', mac).update(`${docId}.${exp}`).digest('base64url');
  return {
    encrypt(plain) {
      return sealV1(enc, plain);
    },
    decrypt(stored) {
      try {
        return openV1(enc, stored);
      } catch {
        throw new BadInputError(MERCHANT_MSG.keyMissing);
      }
    },
    sign,
    verify: (docId, exp, sig) => safeEqual(sign(docId, exp), sig),
  };
}
