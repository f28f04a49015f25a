import type { UserTypeValue } from '@netbar/contract';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { KvStore } from './lib/kv.ts';
import type { SessionStore } from './lib/session-store.ts';
import type { ObjectStorage } from './lib/storage.ts';
import type { OpLog } from './modules/oplog/index.ts';

/** Who may call an endpoint. Without `public`, a valid session (or token) is always required. */
export interface AuthRule {
  public?: boolean;
  /** The caller's user type must be one of these. */
  types?: readonly UserTypeValue[];
  /** The caller's permission ids must contain at least one of these. */
  perms?: readonly number[];
}

/** The caller, resolved once per request by the auth plugin. */
export interface AuthContext {
  sessionIdHash: string;
  userId: number;
  userName: string;
  trueName: string;
  type: UserTypeValue;
  /** The agent the caller is or works for (types 1, 2); null otherwise. */
  agentId: number | null;
  /** The current store (types 3, 5); 0 otherwise. */
  nid: number;
  loginNid: number;
  changeType: number;
  perms: ReadonlySet<number>;
}

/**
 * Who made a call and from where: all the operation log needs of a request, built by the route
 * (`opCallerOf(req)` in tenant/) so services never see Fastify. `auth` is null before a session exists.
 */
export interface OpCaller {
  auth: Pick<AuthContext, 'userId' | 'userName' | 'type' | 'agentId' | 'nid'> | null;
  ip: string;
}

export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  /** Reports and exports only (decision 201): the read replica, or `db` without one. */
  readDb: Db;
  /** Uploads and merchant documents: the local disk or an S3 bucket (decision 200). */
  storage: ObjectStorage;
  kv: KvStore;
  sessions: SessionStore;
  oplog: OpLog;
}

export interface RouteInfo {
  method: string;
  url: string;
  auth?: AuthRule;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    routeList: RouteInfo[];
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    auth?: AuthRule;
    /** false: the route writes its own operation-log row (the generic hook skips it). */
    oplog?: false;
  }
}
