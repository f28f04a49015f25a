import { CHUNK_TIMEOUT_MS } from '@netbar/contract';
import { Component, type ComponentType, type LazyExoticComponent, lazy, type ReactNode } from 'react';
import { ChunkErrorPage } from '../components/chunk-error-page';
import type { ScreenLoader } from '../lib/screens';

/** Reject when a chunk does not arrive within `ms` (spec section 8: 120 s). */
export function withTimeout<T>(promise: Promise<T>, ms: number = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('页面加载超时')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The screen runtime (query client, dayjs, 暂无数据, wired request client): one chunk, loaded once. */
export const loadScreenRuntime = () => import('./screen-runtime');

/** A screen module and the runtime, loaded side by side; the screen renders inside the runtime. */
export async function withRuntime(loader: ScreenLoader): Promise<{ default: ComponentType }> {
  const [{ default: Screen }, { ScreenRuntime }] = await Promise.all([loader(), loadScreenRuntime()]);
  return {
    default: () => (
      <ScreenRuntime>
        <Screen />
      </ScreenRuntime>
    ),
  };
}

/** One React.lazy component per route path, created once, rendered inside the screen runtime. */
export function lazyScreen(key: string, loader: ScreenLoader): LazyExoticComponent<ComponentType> {
  let screen = cache.get(key);
  if (!screen) {
    screen = lazy(() => withTimeout(withRuntime(loader)));
    cache.set(key, screen);
  }
  return screen;
}

interface BoundaryState {
  failed: boolean;
}

/** Shows 页面加载失败 with 重新加载 when a screen chunk fails or times out. */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ChunkErrorPage /> : this.props.children;
  }
}
