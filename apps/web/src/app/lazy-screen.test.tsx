import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkErrorBoundary, lazyScreen, withTimeout } from './lazy-screen';
import { documentTitle } from './root-frame';

afterEach(() => vi.useRealTimers());

describe('withTimeout', () => {
  it('rejects when the chunk does not arrive within 120 s', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => {});
    const result = withTimeout(never).catch((e: Error) => e.message);
    vi.advanceTimersByTime(119_999);
    await Promise.resolve();
    vi.advanceTimersByTime(1);
    await expect(result).resolves.toBe('页面加载超时');
  });

  it('passes a chunk that arrives in time', async () => {
    await expect(withTimeout(Promise.resolve(5), 1000)).resolves.toBe(5);
  });
});

describe('ChunkErrorBoundary', () => {
  it('reports a chunk that fails to load with 页面加载失败 and 重新加载', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = lazyScreen('/broken', () =>
      Promise.reject(new Error('Failed to fetch dynamically imported module')),
    );
    render(
      <ChunkErrorBoundary>
        <Suspense fallback={<div>加载中</div>}>
          <Broken />
        </Suspense>
      </ChunkErrorBoundary>,
    );
    expect(await screen.findByText('页面加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重新加载/ })).toBeInTheDocument();
  });
});

describe('documentTitle', () => {
  it('is the route title followed by the system name, or the system name', () => {
    expect(documentTitle('消息中心', '网吧云管理平台')).toBe('消息中心 - 网吧云管理平台');
    expect(documentTitle(undefined, '网吧云管理平台')).toBe('网吧云管理平台');
  });
});
