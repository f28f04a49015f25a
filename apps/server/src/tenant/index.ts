/**
 * The tenant layer: who the caller is and which agent, netbars and store its data is confined to.
 * Routes take a scope from here and pass it as the first argument of every service and repo call.
 */
export { type AgentScope, agentScopeOf, netbarWhere, ownAgent } from './agent-scope.ts';
export * from './principal.repo.ts';
export { authOf, scopeOf } from './scope.ts';
export { actorOf, guardStore, storeAccess, storeIsLive, storeOf } from './store-scope.ts';
