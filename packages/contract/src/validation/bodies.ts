import { z } from 'zod';
import { MSG } from '../messages';
import { captcha, ID_MAX, loginPassword, userTypeField } from './fields';
import { intField, numberFromForm, plainString } from './helpers';

/** Login form and POST login: presence checks only, the server decides whether the account exists. */
export const loginBody = z.object({
  user_name: plainString(MSG.loginAccountRequired)
    .trim()
    .min(1, { error: MSG.loginAccountRequired })
    .max(30, { error: MSG.account }),
  password: loginPassword,
  captcha,
  type: userTypeField,
});
export type LoginBody = z.infer<typeof loginBody>;

/** POST store switch: change_type is 2 when pid equals nid, otherwise 1. */
export const storeSwitchBody = z.object({
  cid: intField(MSG.badParam, 1, ID_MAX),
  pid: intField(MSG.badParam, 1, ID_MAX),
  nid: intField(MSG.badParam, 1, ID_MAX),
  change_type: z.preprocess(numberFromForm, z.literal([1, 2], { error: MSG.badParam })),
  chain_type: intField(MSG.badParam, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
});
export type StoreSwitchBody = z.infer<typeof storeSwitchBody>;

export function storeChangeType(pid: number, nid: number): 1 | 2 {
  return pid === nid ? 2 : 1;
}
