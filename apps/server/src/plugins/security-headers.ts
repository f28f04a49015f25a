import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
/** helmet itself, as @fastify/helmet (our dependency) carries it. */
const helmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))('helmet') as (
  o: object,
) => Middleware;

/**
 * The headers helmet writes for these options, computed once: @fastify/helmet rebuilds helmet's
 * middleware (and re-parses the CSP) on every request, a measurable part of a list call (decision 066).
 */
function headersOf(options: object): Record<string, string> {
  const out: Record<string, string> = {};
  const res = {
    setHeader: (k: string, v: string | number) => {
      out[k.toLowerCase()] = String(v);
    },
    removeHeader: (k: string) => {
      delete out[k.toLowerCase()];
    },
  };
  helmet(options)({ headers: {} } as IncomingMessage, res as unknown as ServerResponse, () => {});
  return out;
}

const HSTS = 'max-age=31536000; includeSubDomains';

/** Origins images may come from besides our own: IMAGES_BASE when it points at another host. */
function imageOrigins(imagesBase: string): string[] {
  try {
    return /^https?:\/\//.test(imagesBase) ? [new URL(imagesBase).origin] : [];
  } catch {
    return [];
  }
}

/**
 * Browser security headers on every answer, console and API alike (docs/decisions/054-security-headers.md):
 * a CSP without inline or foreign script, styles from us plus inline ones (antd's CSS-in-JS injects
 * <style> at run time), no framing by anyone, nosniff, a same-origin Referrer-Policy, and HSTS when the
 * request came over https (directly, or through a proxy TRUST_PROXY trusts).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app.deps;
  const headers = headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins(config.IMAGES_BASE)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Sent below, and only under https: over plain http (a LAN install) it would be ignored anyway.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(headers);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    return payload;
  });
});
