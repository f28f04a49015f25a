import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A tiny JSON router over node:http (no framework: the simulator starts in well under a second).
 * `register('GET /v1/stores/:id', handler)`; a handler gets the path parameters, the query, the JSON body
 * and the bearer token, and returns `[httpStatus, body]` or a body (200).
 */

export interface Req {
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  token: string;
}
export type Reply = unknown | [number, unknown];
export type Handler = (req: Req) => Reply | Promise<Reply>;

interface Route {
  method: string;
  parts: string[];
  handler: Handler;
}

export class Router {
  private routes: Route[] = [];

  /** `route` is "METHOD /path/:param"; a mount point for other files (accounts, catalog, partner). */
  register(route: string, handler: Handler): void {
    const [method, path] = route.split(' ') as [string, string];
    this.routes.push({ method, parts: path.split('/').filter(Boolean), handler });
  }

  private match(method: string, path: string) {
    const parts = path.split('/').filter(Boolean);
    for (const r of this.routes) {
      if (r.method !== method || r.parts.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let same = true;
      r.parts.forEach((p, i) => {
        if (p.startsWith(':')) params[p.slice(1)] = decodeURIComponent(parts[i]!);
        else if (p !== parts[i]) same = false;
      });
      if (same) return { r, params };
    }
    return undefined;
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sim');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    const hit = this.match(req.method ?? 'GET', url.pathname);
    if (!hit) return send(404, { code: 404, msg: '接口不存在' });
    let body: Record<string, unknown> = {};
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (chunks.length) {
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return send(400, { code: 400, msg: '请求体不是JSON' });
      }
    }
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    try {
      const out = await hit.r.handler({ params: hit.params, query: url.searchParams, body, token });
      if (Array.isArray(out) && out.length === 2 && typeof out[0] === 'number') send(out[0], out[1]);
      else send(200, out);
    } catch (e) {
      send(500, { code: 500, msg: `模拟器错误：${(e as Error).message}` });
    }
  }
}
