import { baseUrl } from './browser';

export interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

/**
 * A call of the terminal API as the store's own server makes it (`npm run terminal-sim`): the demo data
 * gives each demo store the key `demo-server-key-<id>` (decision 110). GET without a body, POST with one.
 */
export async function terminalCall<T>(nid: number, path: string, body?: object): Promise<Envelope<T>> {
  const r = await fetch(`${baseUrl()}/api/v1/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      'x-server-key': `demo-server-key-${nid}`,
      'x-netbar-id': String(nid),
      'x-requested-with': 'XMLHttpRequest',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return r.json() as Promise<Envelope<T>>;
}
