import type {
  ActivityMoveBody,
  ActivityRow,
  CashierDrawOffer,
  ClaimResult,
  ClaimRow,
  CouponTemplateRow,
  DrawWinner,
  GiftCodeRow,
  Pager,
  StoreAppRow,
} from '@netbar/contract';
import { useAppState } from '../../../lib/app-state';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';
import { isSessionUser } from '../../../lib/user';

/** The application centre and activity calls (decisions 173, 174); keys in activity-keys.ts. */

type Params = Record<string, unknown>;
const clean = (p: Params) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== null && v !== ''));

export const fetchStoreApps = async () => (await http.get<StoreAppRow[]>('store_apps')).data;

/** 开通/停用, then the user record afresh: the menu follows the enabled apps. */
export async function switchApp(b: { key: string; enabled: boolean }) {
  const row = (
    await http.post<StoreAppRow>('store_app_switch', { key: b.key, enabled: b.enabled ? '1' : '0' })
  ).data;
  const fresh = (await http.get<unknown>('user_info')).data;
  const current = useAppState.getState().user;
  if (isSessionUser(fresh) && current)
    useAppState.getState().setUser({ ...fresh, token: fresh.token || current.token });
  return row;
}

export const fetchActivities = async (p: Params) =>
  (await http.get<Pager<ActivityRow>>('activity_list', clean(p))).data;
export const fetchClaims = async (p: Params) =>
  (await http.get<Pager<ClaimRow>>('activity_claims', clean(p))).data;
export const saveActivity = async (b: Record<string, unknown>) =>
  (await http.post<ActivityRow>('activity_save', b)).data;
export const moveActivity = async (b: ActivityMoveBody) =>
  (await http.post<ActivityRow>('activity_move', b)).data;

/** 礼包兑换 (decision 177): codes of a gift-bag activity, generated in a batch or typed; the export. */
export const fetchGiftCodes = async (p: Params) =>
  (await http.get<Pager<GiftCodeRow> & { used: number }>('gift_code_list', clean(p))).data;
export const generateGiftCodes = async (b: Record<string, unknown>) =>
  (await http.post<{ count: number; batch: string }>('gift_code_generate', clean(b))).data;
export const exportGiftCodes = (activityId: number) =>
  downloadFile('gift_code_export', { activity_id: activityId }, `礼包码-${activityId}.xlsx`);
/** 收银抽奖: the draw an order may take (null: none), and the draw itself. */
export const fetchDrawOffer = async (orderNo: string) =>
  (await http.get<CashierDrawOffer | null>('cashier_draw_offer', { order_no: orderNo })).data;
export const cashierDraw = async (orderNo: string) =>
  (await http.post<ClaimResult>('cashier_draw', { order_no: orderNo })).data;

/** 营销活动 and 直播抽奖 (decision 178): the engine's rows with the kind's settings and tier thresholds. */
export interface KindActivityRow extends ActivityRow {
  promo_mode: string;
  draw_from: string;
  drawn_at: string | null;
  tiers: { prize_id: number; min_topup_fen: number }[];
}
export const fetchPromotions = async (p: Params) =>
  (await http.get<Pager<KindActivityRow>>('promotion_list', clean(p))).data;
export const savePromotion = async (b: Record<string, unknown>) =>
  (await http.post<KindActivityRow>('promotion_save', b)).data;
export const fetchLiveDraws = async (p: Params) =>
  (await http.get<Pager<KindActivityRow>>('live_draw_list', clean(p))).data;
export const saveLiveDraw = async (b: Record<string, unknown>) =>
  (await http.post<KindActivityRow>('live_draw_save', b)).data;
/** A live draw's winners (full names for the owner) and how many members the first roll drew among. */
export const fetchDrawResult = async (id: number) =>
  (await http.get<{ winners: DrawWinner[]; candidates: number }>('live_draw_result', { id })).data;

/** 优惠券 prizes (decision 186): the templates a prize may issue (启用), quietly none when not readable. */
export async function fetchCouponTemplates(): Promise<CouponTemplateRow[]> {
  try {
    return (
      await http.get<Pager<CouponTemplateRow>>(
        'coupon_template_list',
        { page: 1, page_size: 200, status: 'active' },
        { silent: true },
      )
    ).data.list;
  } catch {
    return [];
  }
}
