import { createServer } from 'node:http';

/** Reason /api/health/ready gives while the process migrates and prepares (docs/decisions/193). */
export const BOOTING_MSG = '服务正在启动（数据库迁移中），暂不接收请求';

/**
 * Holds the port while the process migrates, seeds and builds its app, so a balancer sees it alive but
 * not ready: /api/health/live 200, /api/health/ready 503 with the reason, anything else 503 with
 * Retry-After. Closed just before the app listens on the same port.
 */
export async function startBootServer(
  port: number,
  host: string,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const live = path === '/api/health/live';
    const body = JSON.stringify(
      live
        ? { status: 200, msg: 'ok', data: { live: true } }
        : { status: 50300, msg: BOOTING_MSG, data: path === '/api/health/ready' ? { ready: false } : null },
    );
    res.writeHead(live ? 200 : 503, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
      ...(live ? {} : { 'retry-after': '5' }),
    });
    res.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const addr = server.address();
  return {
    port: typeof addr === 'object' && addr ? addr.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
