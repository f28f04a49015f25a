import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Envelope } from './terminal';

/** A console call with the page's session (the console's own headers). */
export async function api<T>(p: Page, path: string, body?: object): Promise<Envelope<T>> {
  return p.evaluate(
    async ({ path, body }) => {
      const r = await fetch(`/api/v1/${path}`, {
        method: body ? 'POST' : 'GET',
        credentials: 'include',
        headers: {
          'x-requested-with': 'XMLHttpRequest',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return r.json();
    },
    { path, body },
  ) as Promise<Envelope<T>>;
}
/** A console call that must succeed; its data. */
export async function must<T>(p: Page, path: string, body?: object): Promise<T> {
  const r = await api<T>(p, path, body);
  expect(r.status, `${path}: ${r.msg}`).toBe(200);
  return r.data;
}
