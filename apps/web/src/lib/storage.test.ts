import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/fixtures';
import {
  installTabCloseCleanup,
  readCollapsed,
  readNetbarLogin,
  readUser,
  removeUser,
  USER_KEY,
  writeCollapsed,
  writeUser,
} from './storage';

describe('user storage', () => {
  it('keeps the user in both localStorage and sessionStorage', () => {
    writeUser(makeUser(3));
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? '{}').type).toBe(3);
    expect(JSON.parse(sessionStorage.getItem(USER_KEY) ?? '{}').type).toBe(3);
  });

  it('restores from sessionStorage first', () => {
    localStorage.setItem(USER_KEY, JSON.stringify(makeUser(1)));
    sessionStorage.setItem(USER_KEY, JSON.stringify(makeUser(3)));
    expect(readUser()?.type).toBe(3);
  });

  it('falls back to localStorage and copies it into the tab', () => {
    localStorage.setItem(USER_KEY, JSON.stringify(makeUser(1)));
    expect(readUser()?.type).toBe(1);
    expect(sessionStorage.getItem(USER_KEY)).not.toBeNull();
  });

  it('ignores garbage', () => {
    sessionStorage.setItem(USER_KEY, '{not json');
    localStorage.setItem(USER_KEY, JSON.stringify({ hello: 1 }));
    expect(readUser()).toBeNull();
  });

  it('removes the user from both', () => {
    writeUser(makeUser(3));
    removeUser();
    expect(readUser()).toBeNull();
  });

  it('closing the tab removes the user from localStorage only', () => {
    writeUser(makeUser(3));
    const dispose = installTabCloseCleanup(window);
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(sessionStorage.getItem(USER_KEY)).not.toBeNull();
    writeUser(makeUser(3));
    window.dispatchEvent(new Event('beforeunload'));
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    dispose();
    writeUser(makeUser(3));
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(USER_KEY)).not.toBeNull();
  });
});

describe('collapsed flag', () => {
  it('survives in localStorage', () => {
    expect(readCollapsed()).toBe(false);
    writeCollapsed(true);
    expect(readCollapsed()).toBe(true);
    writeCollapsed(false);
    expect(readCollapsed()).toBe(false);
  });
});

describe('netbar login flag', () => {
  it('is set by ?netbar_login=1 and remembered', () => {
    expect(readNetbarLogin('')).toBe(false);
    expect(readNetbarLogin('?netbar_login=1')).toBe(true);
    expect(sessionStorage.getItem('netbar_login')).toBe('1');
    expect(readNetbarLogin('')).toBe(true);
  });

  it('is read from localStorage too', () => {
    localStorage.setItem('netbar_login', '1');
    expect(readNetbarLogin('')).toBe(true);
  });
});
