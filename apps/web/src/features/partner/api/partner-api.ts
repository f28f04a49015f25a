import type { PandaBinding, PandaResult } from '@netbar/contract';
import { md5 } from 'js-md5';
import { http } from '../../../lib/http';

/**
 * 合作平台账号 (login_panda, decision 195): the bind/register answers carry `{status, msg, tips}` in data and
 * are toasted by the dialog (spec section 7), so they are sent silent. The password leaves the browser as
 * its MD5 hex only.
 */
export const partnerApi = {
  binding: async () => (await http.get<PandaBinding>('panda_binding')).data,
  bind: async ({ user_name, password }: { user_name: string; password: string }) =>
    (await http.post<PandaResult>('bind_panda', { user_name, password: md5(password) })).data,
  register: async () => (await http.post<PandaResult>('fast_register_panda')).data,
  login: async () => (await http.post<PandaResult>('fast_login_panda')).data,
  unbind: async () => (await http.get<{ user_name: string }>('unBind_panda')).data,
};
