import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The one layout (docs/server-modules.md): a module uses another only through its index.ts; plugins,
 * lib and tenant never import modules; route files hold no SQL and no transaction (routes → service →
 * repo). Scans the import statements of every source file.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'node_modules' ? [] : files(p);
    return p.endsWith('.ts') ? [p] : [];
  });
}

const all = files(SRC).map((p) => ({
  path: relative(SRC, p).replaceAll('\\', '/'),
  text: readFileSync(p, 'utf8'),
}));

/** The source-relative paths a file imports (relative specifiers only). */
function importsOf(file: { path: string; text: string }): string[] {
  const out: string[] = [];
  for (const m of file.text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/g))
    out.push(relative(SRC, resolve(SRC, dirname(file.path), m[1]!)).replaceAll('\\', '/'));
  for (const m of file.text.matchAll(/import\(\s*['"](\.[^'"]+)['"]\s*\)/g))
    out.push(relative(SRC, resolve(SRC, dirname(file.path), m[1]!)).replaceAll('\\', '/'));
  return out;
}

const moduleOf = (p: string) => /^modules\/([^/]+)\//.exec(p)?.[1];

describe('server layout', () => {
  it('scans the tree', () => {
    expect(all.length).toBeGreaterThan(100);
    expect(all.some((f) => f.path === 'modules/netbar/index.ts')).toBe(true);
  });

  it('a module imports another module only through its index.ts', () => {
    const bad: string[] = [];
    for (const f of all) {
      const from = moduleOf(f.path);
      if (!from) continue;
      for (const target of importsOf(f)) {
        const to = moduleOf(target);
        if (to && to !== from && target !== `modules/${to}/index.ts`) bad.push(`${f.path} → ${target}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('plugins, lib and tenant never import from modules', () => {
    const bad = all
      .filter((f) => /^(plugins|lib|tenant)\//.test(f.path))
      .flatMap((f) =>
        importsOf(f)
          .filter((t) => t.startsWith('modules/'))
          .map((t) => `${f.path} → ${t}`),
      );
    expect(bad).toEqual([]);
  });

  it('route files hold no SQL and no transaction', () => {
    const SQL = [/\bsql`/, /\brows\(/, /\.execute\(/, /\btransaction\(/];
    const bad = all
      .filter((f) => f.path.endsWith('.routes.ts'))
      .flatMap((f) => SQL.filter((re) => re.test(f.text)).map((re) => `${f.path}: ${re.source}`));
    expect(bad).toEqual([]);
  });

  it('lists page through lib/paging.ts, never inline limit/offset arithmetic', () => {
    // `limit ${…} offset ${…}` in one SQL template, or `(page - 1) * size` anywhere: use pageSql(q),
    // pageOffset(q), paged(...) or the keyset helpers instead.
    const INLINE = [/limit \$\{[^`]*offset \$\{/, /\bpage\s*-\s*1\s*\)\s*\*/];
    const bad = all
      .filter((f) => !f.path.endsWith('.test.ts') && f.path !== 'lib/paging.ts')
      .flatMap((f) => INLINE.filter((re) => re.test(f.text)).map((re) => `${f.path}: ${re.source}`));
    expect(bad).toEqual([]);
  });

  it('services take narrow dependencies, never Fastify types', () => {
    const bad = all
      .filter((f) => /\.service\.ts$/.test(f.path))
      .filter((f) => /from ['"]fastify['"]/.test(f.text))
      .map((f) => f.path);
    expect(bad).toEqual([]);
  });
});
