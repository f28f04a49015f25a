import type { DesktopConfigRow, DesktopSaveBody, DesktopSettings } from '@netbar/contract';
import { http } from '../../../lib/http';

/** 桌面设置 calls (desktop_settings 10503, decision 192); keys in desktop-keys.ts. */

export const fetchDesktopSettings = async () => (await http.get<DesktopSettings>('desktop_settings')).data;
export const fetchDesktopConfig = async (id: number) =>
  (await http.get<DesktopConfigRow>('desktop_config', { id })).data;
export const saveDesktopConfig = async (b: DesktopSaveBody) =>
  (await http.post<DesktopConfigRow>('desktop_config_save', b, { json: true })).data;
export const deleteDesktopConfig = (id: number) => http.post('desktop_config_delete', { id });
export type DesktopUploadKind = 'wallpaper' | 'icon' | 'advert';
/** A picture for the desktop: checked by content and resized by the server; answers its key. */
export const uploadDesktopPicture = async (kind: DesktopUploadKind, file: Blob) => {
  const fd = new FormData();
  fd.append('file', file);
  return (await http.post<{ key: string; url: string }>(`desktop_upload?kind=${kind}`, fd)).data;
};
