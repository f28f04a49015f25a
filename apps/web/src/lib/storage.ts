import { isSessionUser, type SessionUser } from './user';

export const USER_KEY = 'user';
export const TICKET_KEY = 'ticket';
export const NETBAR_LOGIN_KEY = 'netbar_login';
export const COLLAPSED_KEY = 'sidebar_collapsed';

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(raw);
    return isSessionUser(v) ? v : null;
  } catch {
    return null;
  }
}

/** Restore the user: the tab's sessionStorage first, then localStorage (spec section 4). */
export function readUser(): SessionUser | null {
  const fromSession = parseUser(sessionStorage.getItem(USER_KEY));
  if (fromSession) return fromSession;
  const fromLocal = parseUser(localStorage.getItem(USER_KEY));
  if (fromLocal) sessionStorage.setItem(USER_KEY, JSON.stringify(fromLocal));
  return fromLocal;
}

/** The user is kept in both localStorage and sessionStorage. */
export function writeUser(user: SessionUser): void {
  const raw = JSON.stringify(user);
  localStorage.setItem(USER_KEY, raw);
  sessionStorage.setItem(USER_KEY, raw);
}

export function removeUser(): void {
  localStorage.removeItem(USER_KEY);
  sessionStorage.removeItem(USER_KEY);
}

/**
 * Closing the tab removes the user from localStorage; sessionStorage keeps it for a reload of the same
 * tab, and the next load writes it back. Returns a function that removes the listeners.
 */
export function installTabCloseCleanup(target: Window = window): () => void {
  const onHide = () => localStorage.removeItem(USER_KEY);
  target.addEventListener('pagehide', onHide);
  target.addEventListener('beforeunload', onHide);
  return () => {
    target.removeEventListener('pagehide', onHide);
    target.removeEventListener('beforeunload', onHide);
  };
}

export function readTicket(): string | null {
  return sessionStorage.getItem(TICKET_KEY);
}

export function readCollapsed(): boolean {
  return localStorage.getItem(COLLAPSED_KEY) === '1';
}

export function writeCollapsed(collapsed: boolean): void {
  localStorage.setItem(COLLAPSED_KEY, collapsed ? '1' : '0');
}

/**
 * The netbar-client login flag. Opening the console with `?netbar_login=1` sets it in both storages;
 * afterwards it is read from sessionStorage, then localStorage.
 */
export function readNetbarLogin(search: string = window.location.search): boolean {
  const param = new URLSearchParams(search).get(NETBAR_LOGIN_KEY);
  if (param === '1') {
    sessionStorage.setItem(NETBAR_LOGIN_KEY, '1');
    localStorage.setItem(NETBAR_LOGIN_KEY, '1');
  }
  return sessionStorage.getItem(NETBAR_LOGIN_KEY) === '1' || localStorage.getItem(NETBAR_LOGIN_KEY) === '1';
}
