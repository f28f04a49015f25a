import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { cipherFor, memberFieldKey } from '../member/index.ts';
import type { LegacyConnector } from './connector.ts';
import { httpConnector } from './http-connector.ts';
import type { LegacyDeps } from './legacy-import.service.ts';

/** Tests swap the connector (a failing or slow source); by default the HTTP one at LEGACY_IMPORT_URL. */
export const connectorHooks: { make?: (url: string) => LegacyConnector } = {};

/** The deps of the passport and /businessimport routes (the connector is stateless). */
export function legacyDeps(app: FastifyInstance): LegacyDeps {
  const { db, kv, config } = app.deps;
  return {
    kv,
    connector: (connectorHooks.make ?? httpConnector)(config.LEGACY_IMPORT_URL),
    files: { db, cipher: cipherFor(memberFieldKey(config)), dir: join(config.DATA_DIR, 'imports') },
  };
}
