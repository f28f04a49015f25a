import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mountAccounts } from './accounts.ts';
import { mountCatalog } from './catalog.ts';
import { mountPartner } from './partner.ts';
import { Router } from './router.ts';

/**
 * The legacy-product simulator (issue 19): one JSON protocol (docs/legacy-connectors.md) for products
 * 9 and 10 and the third-party products. Mount points: accounts.ts (login, SMS, image code), catalog.ts
 * (stores, members, goods, collections); another concern adds its file and one `mountX(router)` line.
 */

export interface LegacySimOptions {
  members?: number;
  collections?: number;
  smsCode?: string;
  imgCode?: string;
  log?: (line: string) => void;
}

export interface LegacySim {
  router: Router;
  server: Server;
  url: string;
  close(): Promise<void>;
}

export function createLegacyRouter(o: LegacySimOptions = {}): Router {
  const router = new Router();
  const sessionOf = mountAccounts(router, {
    smsCode: o.smsCode ?? '123456',
    imgCode: o.imgCode ?? 'abcd',
    log: o.log ?? ((l) => console.log(l)),
  });
  mountCatalog(router, sessionOf, { members: o.members ?? 200_000, collections: o.collections ?? 300 });
  mountPartner(router);
  return router;
}

/** Starts the simulator on `port` (0 = a free port) of 127.0.0.1. */
export async function startLegacySim(
  port: number,
  o: LegacySimOptions = {},
  host = '127.0.0.1',
): Promise<LegacySim> {
  const router = createLegacyRouter(o);
  const server = createServer((req, res) => void router.handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const a = server.address() as AddressInfo;
  return {
    router,
    server,
    url: `http://${host}:${a.port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
