import {
  type MemberRow,
  type MemberSaveBody,
  type MemberSettings,
  MemberStatus,
  maskCard,
  type memberSettingBody,
  type memberStatusBody,
  UserType,
} from '@netbar/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { BadInputError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import {
  cardEncOf,
  insertMember,
  memberById,
  setBirthday,
  setStatus,
  statusOf,
  updateMember,
} from './member.repo.ts';
import { type CardCipher, normalizeCard } from './member-crypto.ts';
import { chainOwnData, entryLevel, levelById, saveSettings, settingsOf } from './member-level.repo.ts';
import { cardOnlyLogon, saveCardOnlyLogon } from './member-password.repo.ts';
import { memberPool } from './member-pool.ts';

/** Members: add, edit, 挂失/解挂, 禁用/启用, the owner's reveal of a card, and the member settings. */

export interface MemberDeps {
  db: Db;
  cipher: CardCipher;
}
export type Actor = { id: number; name: string };

const CARD_TAKEN = '该卡号已登记为会员';

/** Only the netbar owner (type 3) does this; staff are refused even with the member grant. */
export function ownerOnly(s: TenantScope, what: string) {
  if (s.type !== UserType.Netbar) throw new ForbiddenError(`仅网吧老板可以${what}`);
}

export async function saveMember(
  d: MemberDeps,
  s: TenantScope,
  actor: Actor,
  b: MemberSaveBody,
): Promise<MemberRow> {
  const pool = await memberPool(d.db, s);
  const card = b.card_no
    ? {
        kind: b.card_kind,
        enc: d.cipher.encrypt(b.card_no),
        hmac: d.cipher.lookup(b.card_no),
        mask: maskCard(normalizeCard(b.card_no)),
      }
    : undefined;
  if (b.level_id && !(await levelById(d.db, pool, b.level_id))) throw new NotFoundError('会员等级不存在');
  const passwordHash = !b.id && b.password ? await hashPassword(b.password) : null;
  try {
    const id = await d.db.transaction(async (tx) => {
      if (b.id) {
        const ok = await updateMember(tx, pool, b.id, {
          name: b.name,
          mobile: b.mobile ?? '',
          level_id: b.level_id,
          remark: b.remark ?? '',
          card,
        });
        if (!ok) throw new NotFoundError('会员不存在');
        await setBirthday(tx, b.id, b.birthday);
        return b.id;
      }
      const id = await insertMember(tx, pool, {
        card_kind: b.card_kind,
        card_enc: card!.enc,
        card_hmac: card!.hmac,
        card_mask: card!.mask,
        name: b.name,
        mobile: b.mobile ?? '',
        level_id: b.level_id ?? (await entryLevel(tx, pool)),
        remark: b.remark ?? '',
        user: actor,
        password_hash: passwordHash,
      });
      await setBirthday(tx, id, b.birthday);
      return id;
    });
    return (await memberById(d.db, pool, id))!;
  } catch (e) {
    if (isUniqueViolation(e)) throw new ConflictError(CARD_TAKEN);
    throw e;
  }
}

const TRANSITIONS = {
  lose: { from: [MemberStatus.Normal], to: MemberStatus.Lost, refuse: '只有正常状态的会员卡可以挂失' },
  unlose: { from: [MemberStatus.Lost], to: MemberStatus.Normal, refuse: '该会员卡未挂失' },
  disable: {
    from: [MemberStatus.Normal, MemberStatus.Lost],
    to: MemberStatus.Disabled,
    refuse: '该会员卡不能禁用',
  },
  enable: { from: [MemberStatus.Disabled], to: MemberStatus.Normal, refuse: '该会员卡未禁用' },
} as const;

export async function changeStatus(d: MemberDeps, s: TenantScope, b: z.infer<typeof memberStatusBody>) {
  const pool = await memberPool(d.db, s);
  const t = TRANSITIONS[b.action];
  return d.db.transaction(async (tx) => {
    if (await setStatus(tx, pool, b.id, [...t.from], t.to)) return (await memberById(tx, pool, b.id))!;
    if ((await statusOf(tx, pool, b.id)) === undefined) throw new NotFoundError('会员不存在');
    throw new BadInputError(t.refuse);
  });
}

/** The owner opens one card number on purpose (the route writes the operation log). */
export async function revealCard(d: MemberDeps, s: TenantScope, id: number) {
  ownerOnly(s, '查看完整卡号');
  const pool = await memberPool(d.db, s);
  const r = await cardEncOf(d.db, pool, id);
  if (!r) throw new NotFoundError('会员不存在');
  return { id, name: r.name, card_no: d.cipher.decrypt(r.card_enc) };
}

export async function memberSettings(db: Db, s: TenantScope): Promise<MemberSettings> {
  const pool = await memberPool(db, s);
  const own = await settingsOf(db, pool.store);
  const head = pool.chainHead ? await settingsOf(db, pool.chainHead) : own;
  return {
    deduct_order: own.deduct_order,
    chain_shared: pool.chainHead === pool.store ? own.chain_shared : false,
    is_chain_head: pool.chainHead !== 0 && pool.chainHead === pool.store,
    shared_by_chain: pool.shared && head.chain_shared,
    card_only_logon: await cardOnlyLogon(db, pool.store),
  };
}

export async function saveMemberSettings(db: Db, s: TenantScope, b: z.infer<typeof memberSettingBody>) {
  ownerOnly(s, '修改会员设置');
  const pool = await memberPool(db, s);
  const own = await settingsOf(db, pool.store);
  const isHead = pool.chainHead !== 0 && pool.chainHead === pool.store;
  const shared = b.chain_shared ?? own.chain_shared;
  if (shared !== own.chain_shared) {
    if (!isHead) throw new ForbiddenError('只有连锁总店可以设置会员连锁通用');
    if ((await chainOwnData(db, pool.store)) > 0)
      throw new BadInputError(
        '连锁内其他门店已有自己登记的会员，不能切换会员连锁通用（会员余额不能自动合并或拆分）',
      );
  }
  await db.transaction(async (tx) => {
    await saveSettings(tx, pool.store, { deduct_order: b.deduct_order, chain_shared: shared });
    if (b.card_only_logon !== undefined) await saveCardOnlyLogon(tx, pool.store, b.card_only_logon);
  });
  return memberSettings(db, s);
}
