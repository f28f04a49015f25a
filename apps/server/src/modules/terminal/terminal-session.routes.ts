import { terminalLogoffBody } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { terminalScopeOf } from '../../tenant/index.ts';
import { endOpenSession, sessionEvents } from '../session/index.ts';
import { TERMINAL_CALL, TERMINAL_SECURITY, TERMINAL_TAGS } from './terminal-api.routes.ts';

/** Whoever acts for a PC in the session ledger. */
const CLIENT = { id: 0, name: '客户端' };

/**
 * Member logon/logoff at a machine through the session domain (the scope is the store whose key
 * authenticated the call; registered beneath the terminal authentication hook).
 */
export async function terminalSessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.deps.db, events: sessionEvents() });

  r.post(
    '/terminal_logoff',
    {
      schema: {
        summary: '客户机下机：结束该机器上的上机记录并结算',
        tags: TERMINAL_TAGS,
        security: TERMINAL_SECURITY,
        body: terminalLogoffBody,
      },
      config: TERMINAL_CALL,
    },
    async (req) =>
      ok(
        await endOpenSession(deps(), terminalScopeOf(req), CLIENT, { machineId: req.body.machine_id }),
        '已下机',
      ),
  );
}
