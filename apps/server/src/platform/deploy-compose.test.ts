import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../config.ts';
import { serverRoot } from '../db/paths.ts';

/**
 * deploy/docker-compose.yml (issue 20 item 7) is not run here (no container runtime): it parses, has the
 * topology, and the servers' environment — its ${VAR:-default}s filled in — is one the server accepts.
 */
const deploy = join(serverRoot(), '..', '..', 'deploy');
const compose = parse(readFileSync(join(deploy, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<
    string,
    { environment?: Record<string, string>; volumes?: string[]; build?: { dockerfile: string } }
  >;
};
const filled = (env: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(env).map(([k, v]) => [k, String(v).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1')]),
  );

describe('deploy/docker-compose.yml', () => {
  it('has PostgreSQL, Redis, MinIO with its bucket step, two servers and HAProxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['app1', 'app2', 'haproxy', 'minio', 'minio-init', 'postgres', 'redis'].sort(),
    );
    expect(compose.services.haproxy!.volumes![0]).toMatch(/^\.\/haproxy\/haproxy\.cfg:/);
    expect(existsSync(join(deploy, 'haproxy', 'haproxy.cfg'))).toBe(true);
    expect(existsSync(join(deploy, compose.services.app1!.build!.dockerfile.replace('deploy/', '')))).toBe(
      true,
    );
  });

  it("gives both servers an environment the server's configuration accepts, on S3, Redis and PostgreSQL", () => {
    for (const name of ['app1', 'app2']) {
      const env = filled(compose.services[name]!.environment!);
      const c = loadConfig(env);
      expect(c.NODE_ENV).toBe('production');
      expect([c.S3_ENDPOINT, c.S3_BUCKET, c.S3_FORCE_PATH_STYLE]).toEqual([
        'http://minio:9000',
        'netbar',
        true,
      ]);
      expect(c.REDIS_URL).toBe('redis://redis:6379');
      expect(c.DATABASE_URL).toMatch(/@postgres:5432\/netbar$/);
      expect(c.METRICS_TOKEN?.length).toBeGreaterThanOrEqual(16);
      expect(c.SERVER_NAME).toBe(name);
    }
  });

  it('a half-configured bucket or replica is refused at start in Chinese', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      '同时设置 S3_ENDPOINT 和 S3_BUCKET',
    );
    expect(() => loadConfig({ S3_BUCKET: 'Bad_Bucket', S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      '小写字母',
    );
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://r/db' })).toThrow('DATABASE_URL');
  });
});
