import { emptyTally, type ImportProblem, type ImportTally, maskCard } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import type { CardCipher } from '../member/index.ts';
import {
  type BatchWho,
  existingCards,
  insertMembers,
  type NewMember,
  poolLevels,
  updateMembers,
} from './member-batch.repo.ts';
import { checkMember, type MemberIn } from './member-rows.ts';

/** The skip reason of a card already here with the same data (a re-import: counted as already here). */
export const SAME_MEMBER = '卡号已存在，资料相同（余额不重复导入）';

/**
 * One batch of member rows, classified (新增 / 更新 / 跳过 with the reason) against the pool as it is,
 * and — when committing — written in the caller's transaction. The dry run and the commit share this
 * code, so their figures agree unless the members changed in between (the reconciliation shows it).
 */

export interface Line {
  row: number;
  get: (key: string) => string;
}

export interface MemberPassState {
  cipher: CardCipher;
  pool: number;
  /** Cards seen earlier in this file (52 bits of the card's HMAC): a repeated card is skipped. */
  seen: Set<number>;
  levels: Map<string, number>;
  entryLevel: number;
}

export async function memberState(db: Conn, cipher: CardCipher, pool: number): Promise<MemberPassState> {
  const lv = await poolLevels(db, pool);
  return {
    cipher,
    pool,
    seen: new Set(),
    levels: new Map(lv.map((l) => [l.name, l.id])),
    entryLevel: lv[0]?.id ?? 0,
  };
}

interface Planned {
  creates: { m: MemberIn; hmac: string; level: number }[];
  updates: { id: number; name: string; mobile: string; level_id: number; row: number }[];
  problems: ImportProblem[];
}

/** Checks a batch's rows; `register` only remembers their cards (a resumed run passing committed batches). */
export function firstLook(st: MemberPassState, lines: Line[], registerOnly: boolean) {
  const ok: { m: MemberIn; hmac: string }[] = [];
  const problems: ImportProblem[] = [];
  for (const l of lines) {
    const c = checkMember(l.row, l.get);
    if (!c.ok) {
      problems.push({ row: l.row, outcome: 'skip', reason: c.reason });
      continue;
    }
    const hmac = st.cipher.lookup(c.m.card);
    const key = Number.parseInt(hmac.slice(0, 13), 16);
    if (st.seen.has(key)) {
      problems.push({
        row: l.row,
        outcome: 'skip',
        reason: `文件内卡号重复：${maskCard(c.m.card)}，只导入第一次出现的行`,
      });
      continue;
    }
    st.seen.add(key);
    if (!registerOnly) ok.push({ m: c.m, hmac });
  }
  return { ok, problems };
}

async function plan(db: Conn, st: MemberPassState, lines: Line[]): Promise<Planned> {
  const { ok, problems } = firstLook(st, lines, false);
  const found = new Map(
    (
      await existingCards(
        db,
        st.pool,
        ok.map((x) => x.hmac),
      )
    ).map((e) => [e.card_hmac, e]),
  );
  const out: Planned = { creates: [], updates: [], problems };
  for (const { m, hmac } of ok) {
    const level = m.level ? st.levels.get(m.level) : st.entryLevel;
    if (level === undefined) {
      out.problems.push({
        row: m.row,
        outcome: 'skip',
        reason: `会员等级不存在：${m.level.slice(0, 20)}（请先在会员权益中添加）`,
      });
      continue;
    }
    const e = found.get(hmac);
    if (!e) {
      out.creates.push({ m, hmac, level });
      continue;
    }
    const next = { name: m.name, mobile: m.mobile || e.mobile, level_id: m.level ? level : e.level_id };
    if (next.name === e.name && next.mobile === e.mobile && next.level_id === e.level_id) {
      out.problems.push({ row: m.row, outcome: 'skip', reason: SAME_MEMBER });
      continue;
    }
    out.updates.push({ id: e.id, ...next, row: m.row });
    out.problems.push({
      row: m.row,
      outcome: 'update',
      reason: '卡号已存在：更新姓名、手机号或等级（余额不重复导入）',
    });
  }
  return out;
}

const tallyOf = (rowsIn: number, p: Planned, created: Set<number> | undefined): ImportTally => {
  const t = emptyTally();
  t.rows = rowsIn;
  t.update = p.updates.length;
  for (const c of p.creates) {
    if (created && !created.has(c.m.row)) continue;
    t.create++;
    t.principal_fen += c.m.principal;
    t.bonus_fen += c.m.bonus;
    t.points += c.m.points;
  }
  t.skip = rowsIn - t.create - t.update;
  return t;
};

/** The dry run of a batch: its figures and its problem rows. */
export async function checkBatch(db: Conn, st: MemberPassState, lines: Line[]) {
  const p = await plan(db, st, lines);
  return { tally: tallyOf(lines.length, p, undefined), problems: p.problems };
}

/** The commit of a batch in `tx`: members and ledger rows in, profiles updated. */
export async function commitBatch(tx: Conn, st: MemberPassState, who: BatchWho, lines: Line[]) {
  const p = await plan(tx, st, lines);
  const list: NewMember[] = p.creates.map(({ m, hmac, level }) => ({
    row: m.row,
    card_kind: m.cardKind,
    card_enc: st.cipher.encrypt(m.card),
    card_hmac: hmac,
    card_mask: maskCard(m.card),
    name: m.name,
    mobile: m.mobile,
    level_id: level,
    principal: m.principal,
    bonus: m.bonus,
    points: m.points,
    remark: m.openedOn ? `原系统开卡日期 ${m.openedOn}` : '',
    status: m.status,
  }));
  const created = new Set(await insertMembers(tx, who, list));
  for (const c of p.creates)
    if (!created.has(c.m.row))
      p.problems.push({ row: c.m.row, outcome: 'skip', reason: '卡号已被同时进行的其他操作登记，跳过' });
  await updateMembers(
    tx,
    st.pool,
    p.updates.map(({ row: _r, ...u }) => u),
  );
  return { tally: tallyOf(lines.length, p, created), problems: p.problems };
}
