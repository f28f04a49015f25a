import type { LevelRow, Pager, SmsCampaignRow, SmsEstimate } from '@netbar/contract';
import { http } from '../../../lib/http';

/** 短信营销 calls (decision 179); keys in sms-marketing-keys.ts. */

type Params = Record<string, unknown>;
const clean = (p: Params) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== null && v !== ''));

export type SmsPage = Pager<SmsCampaignRow> & { daily_cap: number; price_fen: number };
export const fetchCampaigns = async (p: Params) =>
  (await http.get<SmsPage>('sms_campaign_list', clean(p))).data;
export const fetchEstimate = async (p: Params) =>
  (await http.get<SmsEstimate>('sms_estimate', clean(p), { silent: true })).data;
export const fetchLevels = async () => (await http.get<LevelRow[]>('member_level_list')).data;
export const saveCampaign = async (b: Params) =>
  (await http.post<{ id: number; estimate: SmsEstimate }>('sms_campaign_save', clean(b))).data;
export const sendCampaign = async (b: { id: number; request_id: string }) =>
  (await http.post<SmsCampaignRow>('sms_campaign_send', b)).data;
export const cancelCampaign = async (b: { id: number }) =>
  (await http.post<null>('sms_campaign_cancel', b)).data;
