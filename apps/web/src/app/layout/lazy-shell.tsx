import { lazy, Suspense } from 'react';
import { PageLoading } from '../../components/page-loading';
import { ChunkErrorBoundary, withRuntime, withTimeout } from '../lazy-screen';

/**
 * The console layout is its own chunk, so the login page does not download menus, tables and dialogs; it
 * comes with the screen runtime (query client, dayjs, wired request client: decision 097).
 */
const ShellLayout = lazy(() =>
  withTimeout(withRuntime(() => import('./shell-layout').then((m) => ({ default: m.ShellLayout })))),
);

export function LazyShell() {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <ShellLayout />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
