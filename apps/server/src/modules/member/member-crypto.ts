import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
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
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', enc, iv);
      const body = Buffer.concat([c.update(normalizeCard(card), 'utf8'), c.final()]);
      return `v1:${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64')}`;
    },
    decrypt(stored) {
      try {
        if (!stored.startsWith('v1:')) throw new Error('format');
        const raw = Buffer.from(stored.slice(3), 'base64');
        const d = createDecipheriv('aes-256-gcm', enc, raw.subarray(0, 12));
        d.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
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
