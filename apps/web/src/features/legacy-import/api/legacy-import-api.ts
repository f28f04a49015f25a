import {
  type ImportSchedule,
  LEGACY_HASHED_PRODUCTS,
  type LegacyLoginResult,
  type LegacyProduct,
  type LegacyStore,
} from '@netbar/contract';
import { md5 } from 'js-md5';
import { http } from '../../../lib/http';

/**
 * 从旧系统导入 (issue 19 item 1; server: decision 194, dialog: decision 195). Products 9 and 10 log in and
 * import through their passport calls, the others through /businessimport; the online collection of every
 * product through netbar_import_fsyg_goods. Login answers are `{code, msg, data}` in the envelope's data
 * and are sent silent: the dialog shows every refusal in its error line.
 */

export type ImportKind = 'member' | 'goods' | 'collection';

export interface LoginInput {
  product: LegacyProduct;
  variant?: string;
  user_name: string;
  password: string;
  code?: string;
  sms_code?: string;
  send_sms?: '1';
}

const VERIFY: Partial<Record<LegacyProduct, string>> = {
  9: 'verify_old_panda_account',
  10: 'verify_panda_account',
};
const IMPORTS: Record<
  Exclude<ImportKind, 'collection'>,
  Partial<Record<LegacyProduct, string>> & { other: string }
> = {
  member: { 9: 'netbar_import_old_user', 10: 'import_netbar_user', other: '/businessimport/saveMember' },
  goods: { 9: 'netbar_import_old_goods', 10: 'import_netbar_goods', other: '/businessimport/savecommodity' },
};

export const isPartnerProduct = (p: LegacyProduct) => VERIFY[p] !== undefined;

export const legacyImportApi = {
  login: async ({ product, variant, password, ...rest }: LoginInput) => {
    const sent = LEGACY_HASHED_PRODUCTS.includes(product) ? md5(password) : password;
    const path = VERIFY[product];
    const body = path
      ? { ...rest, password: sent }
      : { ...rest, password: sent, product, ...(variant ? { variant } : {}) };
    return (await http.post<LegacyLoginResult>(path ?? '/businessimport/login', body, { silent: true })).data;
  },
  imageCode: async (product: LegacyProduct, user_name: string) =>
    (await http.get<{ image: string }>('/businessimport/code', { product, user_name }, { silent: true })).data
      .image,
  stores: async () => (await http.post<LegacyStore[]>('/businessimport/netbars', {}, { silent: true })).data,
  clear: async () => (await http.get<null>('/businessimport/clear', undefined, { silent: true })).data,
  start: async ({
    product,
    kind,
    netbar_id,
  }: {
    product: LegacyProduct;
    kind: ImportKind;
    netbar_id: number;
  }) => {
    if (kind === 'collection')
      return (await http.post<{ job_id: number }>('netbar_import_fsyg_goods', { product, netbar_id })).data;
    const paths = IMPORTS[kind];
    return (await http.post<{ job_id: number }>(paths[product] ?? paths.other, { netbar_id })).data;
  },
  schedule: async () => (await http.get<ImportSchedule>('/businessimport/schedule')).data,
};
