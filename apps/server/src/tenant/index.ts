/**
 * The tenant layer: who the caller is and which agent, netbars and store its data is confined to.
 * Routes build a `TenantScope` here and pass it as the first argument (after the connection) of every
 * service and repo call.
 */
export { netbarWhere } from './agent-scope.ts';
export { authOfPrincipal, homeStoreOf, loginStoreContext, type Principal } from './auth-context.ts';
export { type CallContext, callOf, opCallerOf } from './call.ts';
export * from './principal.repo.ts';
export { type ReportRoute, reportRoutes } from './report-routes.ts';
export { pickStore, type ReportStore, reportChoice, reportStores, storeIdsSql } from './report-stores.ts';
export { type RetriedMessages, retriedWrite } from './retried-write.ts';
export {
  agentScopeOf,
  authOf,
  ownAgent,
  scopeOf,
  systemStoreScope,
  type TenantScope,
  tenantScope,
} from './scope.ts';
export { blockedApp, disabledAppPerms, loadDisabledApps } from './store-apps.ts';
export { actorOf, guardStore, storeAccess, storeIsLive, storeScopeOf } from './store-scope.ts';
export { markTerminal, terminalScopeOf } from './terminal-scope.ts';
