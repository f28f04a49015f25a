import { lazy, Suspense } from 'react';
import { PageLoading } from '../../components/page-loading';
import { ChunkErrorBoundary, withTimeout } from '../lazy-screen';

/** The console layout is its own chunk, so the login page does not download menus, tables and dialogs. */
const ShellLayout = lazy(() =>
  withTimeout(import('./shell-layout').then((m) => ({ default: m.ShellLayout }))),
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
