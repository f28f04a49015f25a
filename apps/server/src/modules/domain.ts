import type { FastifyPluginAsync } from 'fastify';

export type ServiceName = 'passport' | 'payment' | 'merchant' | 'import';

/** A server domain as it registers itself from its folder's index.ts. */
export interface Domain {
  /** The folder name, the same as the web feature's (design.md §3). */
  name: string;
  /** passport /api/v1, payment /api/c1, merchant /api/merchant, import /businessimport. */
  service: ServiceName;
  /** Fastify plugins; each adds its routes. */
  routes: FastifyPluginAsync[];
}
