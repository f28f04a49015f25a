import { z } from 'zod';
import { LIMITS } from '../envelope';
import { MSG } from '../messages';
import {
  intField,
  intWithDefault,
  numberFromForm,
  optional,
  plainString,
  requiredThen,
  text,
} from './helpers';

/** Account names: 4-30 letters, digits, underscore; first a letter or digit. */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_]{3,29}$/;
export const PASSWORD_PATTERN = /^[A-Za-z0-9_]{6,16}$/;
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const QQ_PATTERN = /^[1-9]\d{3,19}$/;
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const EMAIL_MAX = 100;
/** Upper bound of one top-up, in fen (1,000,000 yuan). */
export const TOP_UP_MAX_FEN = 100_000_000;

export const requiredText = plainString(MSG.required).trim().min(1, { error: MSG.required });
export const requiredSelect = z.union(
  [plainString(MSG.select).trim().min(1, { error: MSG.select }), z.number({ error: MSG.select })],
  { error: MSG.select },
);

export const accountName = text(MSG.account, LIMITS.accountMin, LIMITS.accountMax, ACCOUNT_PATTERN);

export const newPassword = z.string({ error: MSG.password }).regex(PASSWORD_PATTERN, { error: MSG.password });
export const editPassword = optional(
  z.string({ error: MSG.editPassword }).regex(PASSWORD_PATTERN, { error: MSG.editPassword }),
);
export const loginPassword = plainString(MSG.loginPasswordRequired)
  .min(1, { error: MSG.loginPasswordRequired })
  .max(128, { error: MSG.loginPasswordRequired });
export const confirmPassword = plainString(MSG.confirmPassword)
  .min(1, { error: MSG.confirmPassword })
  .max(128, { error: MSG.confirmPassword });

export const email = requiredThen(MSG.emailRequired, MSG.email, EMAIL_MAX, EMAIL_PATTERN);

export const province = text(MSG.province, 1, 50);
export const city = text(MSG.city, 1, 50);
export const district = text(MSG.district, 1, 50);

export const mobile = requiredThen(MSG.mobileRequired, MSG.mobile, 11, MOBILE_PATTERN);
/** The pattern-only variant (no server-side count check): every failure says 手机号格式不正确. */
export const mobilePatternOnly = z
  .string({ error: MSG.mobile })
  .trim()
  .regex(MOBILE_PATTERN, { error: MSG.mobile });

export const trueName = text(MSG.trueName, LIMITS.nameMin, LIMITS.nameMax);
export const bankHolder = text(MSG.bankHolder, LIMITS.nameMin, LIMITS.nameMax);
export const bankCard = text(MSG.bankCard, 1, 32);

export const machineCount = intField(MSG.machineCount, LIMITS.machineMin, LIMITS.machineMax);

export const contact = text(MSG.contact, LIMITS.contactMin, LIMITS.contactMax);
export const contactOptional = optional(text(MSG.contact, LIMITS.contactMin, LIMITS.contactMax));

export const smsCode = text(MSG.smsCode, 1, 10);
export const qq = optional(z.string({ error: MSG.qq }).trim().regex(QQ_PATTERN, { error: MSG.qq }));

export const topUpAmount = z.preprocess(
  numberFromForm,
  z
    .number({ error: MSG.topUp })
    .int({ error: MSG.topUp })
    .min(1, { error: MSG.topUp })
    .max(TOP_UP_MAX_FEN, { error: MSG.topUpTooLarge }),
);

export const address = text(MSG.address, LIMITS.addressMin, LIMITS.addressMax);
export const postcode = text(MSG.postcode, LIMITS.postcodeMin, LIMITS.postcodeMax);
export const captcha = text(MSG.captcha, 1, 10);

export const userTypeField = z.preprocess(
  numberFromForm,
  z.literal([1, 2, 3, 4, 5, 6], { error: MSG.userType }),
);

/** Ids are PostgreSQL int columns: larger numbers are refused before they reach SQL. */
export const ID_MAX = 2147483647;

export const idParam = intField(MSG.badParam, 1, ID_MAX);

export const pageQuery = z.object({
  page: intWithDefault(MSG.badParam, 1, Number.MAX_SAFE_INTEGER, 1),
  page_size: intWithDefault(MSG.badParam, 1, 1000, 10),
});
export type PageQuery = z.infer<typeof pageQuery>;
