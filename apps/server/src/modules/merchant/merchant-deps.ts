import type { FastifyInstance } from 'fastify';
import { persistedSecret } from '../../lib/server-secret.ts';
import { docDir, uploadDir } from '../../lib/storage.ts';
import type { MerchantDeps } from './merchant.service.ts';
import { merchantKeys } from './merchant-crypto.ts';
import { assertPrivateDir } from './merchant-doc.service.ts';

const built = new WeakMap<FastifyInstance['deps'], Promise<MerchantDeps>>();

/**
 * The module's dependencies, built once per app: the database, the keys (MERCHANT_FIELD_KEY, or one
 * generated and kept in the database, as the captcha key is) and the private documents folder.
 */
export function merchantDeps(app: FastifyInstance): Promise<MerchantDeps> {
  const deps = app.deps;
  let p = built.get(deps);
  if (!p) {
    p = (async () => {
      const { config, db } = deps;
      const key = config.MERCHANT_FIELD_KEY ?? (await persistedSecret(db, 'merchant_field'));
      // on the local disk, the documents' folder must lie outside the served uploads folder
      if (deps.storage.kind === 'local') assertPrivateDir(docDir(config), uploadDir(config));
      return { db, keys: merchantKeys(key), storage: deps.storage };
    })();
    built.set(deps, p);
  }
  return p;
}
