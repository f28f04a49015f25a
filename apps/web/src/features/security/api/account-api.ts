import type { ProfileView, SecurityInfo } from '@netbar/contract';
import { http } from '../../../lib/http';

/** The calls of the account pages (spec section 7: lookups, registration, retrieval, security, profile). */
export const accountApi = {
  userExists: async (user_name: string) =>
    (await http.get<{ is_exist: 0 | 1 }>('check_user_is_exist', { user_name }, { silent: true })).data
      .is_exist === 1,
  mobileUseNum: async (mobile: string) =>
    (await http.get<{ count: number }>('get_mobile_use_num', { mobile }, { silent: true })).data.count,
  mobileCaptcha: async (mobile: string, captcha: string) =>
    (await http.post<{ wait: number }>('get_mobile_captcha', { mobile, captcha })).data,
  register: async (kind: 'netbar' | 'agent', form: Record<string, unknown>) =>
    (
      await http.post<{ user_name: string; type: number }>(
        kind === 'netbar' ? 'register_netbar' : 'register_agent',
        form,
      )
    ).data,
  retrieveSend: async (way: 'mobile' | 'email', form: Record<string, unknown>) =>
    (
      await http.post<{ wait: number }>(
        way === 'mobile' ? 'retrieve_send_mobile' : 'retrieve_send_email',
        form,
      )
    ).data,
  retrieveVerify: async (form: { user_name: string; way: 'mobile' | 'email'; code: string }) =>
    (await http.post<{ ticket: string }>('retrieve_code_verify', form)).data,
  retrievePassword: async (form: { ticket: string; password: string; confirm_password: string }) =>
    (await http.post<null>('retrieve_password', form)).msg,
  securityInfo: async () => (await http.get<SecurityInfo>('get_security_info')).data,
  sendSecuritySms: async (form: { captcha: string; op_from: string; mobile?: string }) =>
    (await http.post<{ wait: number }>('send_security_sms', form)).data,
  sendSecurityEmail: async (form: { captcha: string; op_from: string; email?: string }) =>
    (await http.post<{ wait: number }>('send_security_email', form)).data,
  verifyOldMobile: async (code: string) => http.post('security_code_mobile', { code }),
  verifyOldEmail: async (code: string) => http.post('security_code_email', { code }),
  updatePassword: async (form: Record<string, unknown>) =>
    (await http.post<{ ended: number }>('security_update_password', form)).msg,
  updateMobile: async (form: { mobile: string; code: string }) =>
    (await http.post('security_update_mobile', form)).msg,
  updateEmail: async (form: { email: string; code: string }) =>
    (await http.post('security_update_email', form)).msg,
  profile: async (type: number) =>
    (await http.get<ProfileView>(type === 3 ? 'get_netbar_user' : 'get_agent_user')).data,
  editProfile: async (type: number, form: Record<string, unknown>) =>
    (await http.post(type === 3 ? 'netbar_user_edit' : 'agent_user_edit', form)).msg,
};
