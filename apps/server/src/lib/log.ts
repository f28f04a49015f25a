import type { FastifyRequest } from 'fastify';

const SECRET_PARAM = /(pass|pwd|code|captcha|token|ticket|secret|sid)/i;

/** Masks secret-looking query parameters: request logs never contain a password, code or token. */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const k of [...params.keys()]) if (SECRET_PARAM.test(k)) params.set(k, '***');
  return `${url.slice(0, q)}?${params.toString()}`;
}

export function logRequestSerializer(req: FastifyRequest) {
  return { method: req.method, url: maskUrl(req.url), ip: req.ip };
}
