import { createHash, createHmac } from 'node:crypto';
import { openV1, sealV1 } from '../../lib/crypto.ts';
import { BadInputError } from '../../lib/errors.ts';

/**
 * Card numbers at rest (decision 106): AES-256-GCM with a random 12-byte nonce, and a keyed HMAC for
 * exact lookup and the per-pool uniqueness index. Both keys derive from MEMBER_FIELD_KEY; development and
 * tests use a fixed default, production refuses to start without a key of its own.
 */

/** The fixed development key: anyone can read it, so production never uses it. */
export const DEV_MEMBER_FIELD_KEY = 'dev-only-member-field-key-not-for-production-use';

export class MemberKeyMissing extends Error {}

/** The key in force: MEMBER_FIELD_KEY, or the development default outside production. */
export function memberFieldKey(c: { NODE_ENV?: string; MEMBER_FIELD_KEY?: string }): string {
  if (c.MEMBER_FIELD_KEY) return c.MEMBER_FIELD_KEY;
  if (c.NODE_ENV === 'production')
    throw new MemberKeyMissing(
      '生产环境（NODE_ENV=production）必须设置会员卡号加密密钥 MEMBER_FIELD_KEY（至少 32 个字符）',
    );
  return DEV_MEMBER_FIELD_KEY;
}

export interface CardCipher {
  encrypt(card: string): string;
  decrypt(stored: string): string;
  /** The lookup value of a card number (upper-cased first: an ID card's X is one card either way). */
  lookup(card: string): string;
}

export const normalizeCard = (card: string) => card.trim().toUpperCase();

export function cardCipher(key: string): CardCipher {
  const enc = createHash('sha256').update(`member-card-enc:${key}`).digest();
  const mac = createHash('sha256').update(`member-card-mac:${key}`).digest();
  return {
    encrypt(card) {
      return sealV1(enc, normalizeCard(card));
    },
    decrypt(stored) {
      try {
        return openV1(enc, stored);
      } catch {
        throw new BadInputError('卡号无法解密：加密密钥与写入时不同，请检查 MEMBER_FIELD_KEY');
      }
    },
    lookup(card) {
      return createHmac('sha256', mac).update(normalizeCard(card)).digest('hex');
    },
  };
}

let cached: { key: string; cipher: CardCipher } | undefined;
/** The cipher of a key, built once per process. */
export function cipherFor(key: string): CardCipher {
  if (cached?.key !== key) cached = { key, cipher: cardCipher(key) };
  return cached.cipher;
}
