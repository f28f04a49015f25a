import type { Domain } from '../domain.ts';
import { businessImportRoutes } from './business-import.routes.ts';
import { importedCollectionRoutes } from './imported-collections.routes.ts';
import { legacyImportRoutes } from './legacy-import.routes.ts';

/** 从旧系统导入: product login, stores, members/goods/online collection (issue 19 items 3 and 5, decision 194). */
export const legacyImportDomain: Domain = {
  name: 'legacy-import',
  service: 'passport',
  routes: [legacyImportRoutes, importedCollectionRoutes],
};

/** The same imports under /businessimport (bearer token), for any source product. */
export const businessImportDomain: Domain = {
  name: 'legacy-import',
  service: 'import',
  routes: [businessImportRoutes],
};

/** Tests: a connector in place of the HTTP one; waiting for this process's imports. */
export { connectorHooks } from './deps.ts';
export { legacyIdle } from './legacy-import.service.ts';
