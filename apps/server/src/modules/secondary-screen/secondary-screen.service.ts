import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  maskPersonName,
  PERM,
  SCREEN_TOKEN,
  type ScreenPublicInfo,
  type ScreenPushBody,
  type ScreenSaveBody,
  type ScreenSettingsRow,
  type ScreenState,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';
import type { KvStore } from '../../lib/kv.ts';
import { loadDisabledApps, type TenantScope } from '../../tenant/index.ts';
import type { ScreenBus } from './screen-bus.ts';
import { findScreen, setLink, storeName, upsertScreen } from './secondary-screen.repo.ts';

/** Built-in sample slides shipped with the console (the demo's), beside the store's own uploads. */
export const SAMPLE_PREFIX = '/screen-samples/';
const ABSENT = '副屏链接无效或已停用';
/** The last state of a store's 收银台, for a screen that opens mid-checkout. */
const lastKey = (nid: number) => `screen:last:${nid}`;
const LAST_TTL_S = 600;

export interface ScreenDeps {
  db: Db;
  kv: KvStore;
  bus: ScreenBus;
  /** The HMAC key of the links (kept in the database, decision 191). */
  secret: string;
  /** Where uploads are served (IMAGES_BASE). */
  mediaBase: string;
}

const storeOf = (s: TenantScope) => {
  if (!s.netbarId) throw new NotFoundError('门店不存在');
  return s.netbarId;
};

/** The link's token: the store, a dash, the HMAC of the store and the link's generation. */
export function screenToken(secret: string, nid: number, gen: number): string {
  const mac = createHmac('sha256', secret).update(`screen:${nid}:${gen}`).digest('base64url').slice(0, 32);
  return `${nid}-${mac}`;
}

export async function screenSettings(d: ScreenDeps, s: TenantScope): Promise<ScreenSettingsRow> {
  const nid = storeOf(s);
  const [row, disabled] = await Promise.all([findScreen(d.db, nid), loadDisabledApps(d.db, nid)]);
  return {
    slides: row?.slides ?? [],
    start_date: row?.start_date ?? '',
    end_date: row?.end_date ?? '',
    windows: row?.windows ?? [],
    link: row?.link_on ? `/screen/${screenToken(d.secret, nid, row.link_gen)}` : '',
    app_on: !disabled.has(PERM.SECONDARY_SCREEN),
    updated_at: row?.updated_at ?? '',
    updated_by: row?.updated_by ?? '',
  };
}

export async function saveScreen(d: ScreenDeps, s: TenantScope, by: string, b: ScreenSaveBody) {
  const nid = storeOf(s);
  const base = d.mediaBase.replace(/\/?$/, '/');
  for (const [i, x] of b.slides.entries()) {
    if (!x.url.startsWith(base) && !x.url.startsWith(SAMPLE_PREFIX))
      throw new BadInputError(`第${i + 1}个素材不是本系统上传的文件，请重新上传`);
    if (x.url.includes('..')) throw new BadInputError(`第${i + 1}个素材地址不正确，请重新上传`);
  }
  await upsertScreen(d.db, nid, b, by);
  return screenSettings(d, s);
}

/** 重新生成 (on) or 停用 (off) the link: every screen on an earlier link is told and stops at once. */
export async function changeLink(d: ScreenDeps, s: TenantScope, on: boolean, by: string) {
  const nid = storeOf(s);
  await setLink(d.db, nid, on, by);
  await d.bus.publish({ netbarId: nid, kind: 'revoked' });
  return screenSettings(d, s);
}

/** The store a token opens, or 40004 for a malformed, forged, old or stopped link, or a store with the app off. */
export async function storeOfToken(d: Pick<ScreenDeps, 'db' | 'secret'>, token: string): Promise<number> {
  if (!SCREEN_TOKEN.test(token)) throw new NotFoundError(ABSENT);
  const nid = Number(token.slice(0, token.indexOf('-')));
  const row = Number.isSafeInteger(nid) && nid > 0 ? await findScreen(d.db, nid) : undefined;
  if (!row?.link_on) throw new NotFoundError(ABSENT);
  const want = Buffer.from(screenToken(d.secret, nid, row.link_gen));
  const got = Buffer.from(token);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw new NotFoundError(ABSENT);
  if ((await loadDisabledApps(d.db, nid)).has(PERM.SECONDARY_SCREEN)) throw new NotFoundError(ABSENT);
  return nid;
}

/** What the public page shows while idle: the store's name and its slideshow. */
export async function publicInfo(
  d: Pick<ScreenDeps, 'db' | 'secret'>,
  token: string,
): Promise<ScreenPublicInfo> {
  const nid = await storeOfToken(d, token);
  const [row, name] = await Promise.all([findScreen(d.db, nid), storeName(d.db, nid)]);
  if (!row || name === undefined) throw new NotFoundError(ABSENT);
  return {
    store_name: name,
    slides: row.slides,
    start_date: row.start_date,
    end_date: row.end_date,
    windows: row.windows,
  };
}

/**
 * The 收银台's state for its store's screens: only the fields of the push schema (strict), the member's
 * name masked here whatever the browser sent; kept a few minutes for a screen that opens mid-checkout.
 */
export async function pushState(d: ScreenDeps, s: TenantScope, b: ScreenPushBody): Promise<ScreenState> {
  const nid = storeOf(s);
  const state: ScreenState = {
    stage: b.stage,
    lines:
      b.stage === 'idle' ? [] : b.lines.map((l) => ({ name: l.name, qty: l.qty, amount_fen: l.amount_fen })),
    list_fen: b.list_fen,
    saving_fen: b.saving_fen,
    total_fen: b.total_fen,
    ...(b.member_name ? { member_name: maskPersonName(b.member_name) } : {}),
    ...(b.qr && b.stage === 'pay' ? { qr: { payload: b.qr.payload, label: b.qr.label } } : {}),
    ...(b.change_fen !== undefined && b.stage === 'paid' ? { change_fen: b.change_fen } : {}),
    at: Date.now(),
  };
  await d.kv.set(lastKey(nid), state, LAST_TTL_S);
  await d.bus.publish({ netbarId: nid, kind: 'state', state });
  return state;
}

export async function lastState(d: Pick<ScreenDeps, 'kv'>, nid: number): Promise<ScreenState | undefined> {
  return d.kv.get<ScreenState>(lastKey(nid));
}
