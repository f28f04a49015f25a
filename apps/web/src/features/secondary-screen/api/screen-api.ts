import type { ScreenPublicInfo, ScreenPushBody, ScreenSaveBody, ScreenSettingsRow } from '@netbar/contract';
import { http } from '../../../lib/http';

/** The 副屏 calls (application secondary_screen 10520, decision 191); keys in screen-keys.ts. */

export const fetchScreenSettings = async () =>
  (await http.get<ScreenSettingsRow>('secondary_screen_settings')).data;
export const saveScreenSettings = (b: ScreenSaveBody) =>
  http.post<ScreenSettingsRow>('secondary_screen_save', b, { json: true });
export const changeScreenLink = (action: 'regenerate' | 'revoke') =>
  http.post<ScreenSettingsRow>('secondary_screen_link', { action }, { json: true });
export const uploadScreenMedia = async (file: Blob) => {
  const fd = new FormData();
  fd.append('file', file);
  return (await http.post<{ kind: 'image' | 'video'; url: string }>('secondary_screen_upload', fd)).data;
};
/** The 收银台's state for its 副屏: silent, a screen that misses one state gets the next. */
export const pushScreenState = (b: ScreenPushBody) =>
  http.post<null>('secondary_screen_push', b, { json: true, silent: true });
/** The public page's read (no login); silent: a bad link shows its own page. */
export const fetchScreenPublic = async (token: string) =>
  (await http.get<ScreenPublicInfo>('secondary_screen_public', { token }, { silent: true })).data;
/** The public page's live stream of the 收银台's states (server-sent events). */
export const screenStreamUrl = (token: string) =>
  `/api/v1/secondary_screen_stream?token=${encodeURIComponent(token)}`;
