import { DEFAULT_SYSTEM_NAME, type RouteNode } from '@netbar/contract';
import { create } from 'zustand';
import { sidebarMenu } from './access';
import { readCollapsed, readNetbarLogin, readUser, removeUser, writeCollapsed, writeUser } from './storage';
import type { SessionUser } from './user';

/** The public site configuration answered by GET site_config. */
export interface SiteConfig {
  system_name: string;
  official_qr_url: string;
  staff_qr_url: string;
  service_chat_url: string;
  images_base: string;
}

export const DEFAULT_SITE: SiteConfig = {
  system_name: DEFAULT_SYSTEM_NAME,
  official_qr_url: '',
  staff_qr_url: '',
  service_chat_url: '',
  images_base: '',
};

/** Application state of spec section 3: user, routers (menu), sidebar collapsed flag, images base. */
export interface AppState {
  user: SessionUser | null;
  routers: RouteNode[];
  collapsed: boolean;
  imagesBase: string;
  netbarLogin: boolean;
  /** The user logged out on purpose: the guard sends to a clean login, without `?redirect=` (issue 9 B2). */
  loggedOut: boolean;
  site: SiteConfig;
  setUser: (user: SessionUser) => void;
  clearUser: (opts?: { loggedOut?: boolean }) => void;
  setCollapsed: (collapsed: boolean) => void;
  toggleCollapsed: () => void;
  setImagesBase: (base: string) => void;
  setSite: (site: Partial<SiteConfig>) => void;
}

type Data = Pick<
  AppState,
  'user' | 'routers' | 'collapsed' | 'imagesBase' | 'netbarLogin' | 'loggedOut' | 'site'
>;

function initialState(): Data {
  const user = readUser();
  const netbarLogin = readNetbarLogin();
  if (user) writeUser(user);
  return {
    user,
    netbarLogin,
    loggedOut: false,
    routers: sidebarMenu(user, netbarLogin),
    collapsed: readCollapsed(),
    imagesBase: '',
    site: DEFAULT_SITE,
  };
}

export const useAppState = create<AppState>()((set, get) => ({
  ...initialState(),
  setUser: (user) => {
    writeUser(user);
    set({ user, loggedOut: false, routers: sidebarMenu(user, get().netbarLogin) });
  },
  clearUser: (opts) => {
    removeUser();
    set({ user: null, routers: [], loggedOut: opts?.loggedOut === true });
  },
  setCollapsed: (collapsed) => {
    writeCollapsed(collapsed);
    set({ collapsed });
  },
  toggleCollapsed: () => get().setCollapsed(!get().collapsed),
  setImagesBase: (imagesBase) => set({ imagesBase }),
  setSite: (partial) => {
    const site = { ...DEFAULT_SITE, ...partial };
    if (!site.system_name) site.system_name = DEFAULT_SYSTEM_NAME;
    set({ site, imagesBase: site.images_base });
  },
}));

/** Re-read storage (tests, and after another tab changed it). */
export function reloadAppState(): void {
  useAppState.setState(initialState());
}
