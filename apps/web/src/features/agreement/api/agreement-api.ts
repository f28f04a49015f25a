import type { AgreementSaveBody, AgreementView } from '@netbar/contract';
import { http } from '../../../lib/http';

export interface Agreement {
  title: string;
  content: string;
  version: string;
  effective_date: string;
}

/** agreement_get: the published version of one page (no login). */
export const fetchAgreement = async (slug: string) =>
  (await http.get<Agreement>('agreement_get', { slug })).data;

/** agreement_admin_list: every version of every page (administrators). */
export const fetchAgreementVersions = async () =>
  (await http.get<AgreementView[]>('agreement_admin_list')).data;

/** agreement_save: a draft (a new version, or the draft of that version). */
export const saveAgreement = async (body: AgreementSaveBody) =>
  (await http.post<{ id: number }>('agreement_save', { ...body })).data;

/** agreement_publish: the draft replaces the current version at once. */
export const publishAgreement = async (id: number) => {
  await http.post<null>('agreement_publish', { id });
};
