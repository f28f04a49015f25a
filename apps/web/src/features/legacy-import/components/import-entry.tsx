import { ImportOutlined } from '@ant-design/icons';
import { UserType } from '@netbar/contract';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { LazyBoundary } from '../../../components/lazy-boundary';
import { hasButton } from '../../../lib/access';
import { useAppState } from '../../../lib/app-state';

/** The dialog (with js-md5) loads on first open, not with the header. */
const ImportDialog = lazy(() => import('./import-dialog').then((m) => ({ default: m.ImportDialog })));

/**
 * The 数据导入 button (spec section 6: button netbar_import_old_data). The import lands in the current
 * store, so it shows for holders who work in one: the netbar owner (the administrator holds the button
 * but has no store).
 */
export function ImportEntry({ label = '数据导入' }: { label?: string }) {
  const user = useAppState((s) => s.user);
  const [open, setOpen] = useState(false);
  if (!hasButton(user, 'netbar_import_old_data') || user?.type !== UserType.Netbar) return null;
  return (
    <>
      <Button type="text" icon={<ImportOutlined />} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open && (
        <LazyBoundary>
          <Suspense fallback={null}>
            <ImportDialog open={open} onClose={() => setOpen(false)} />
          </Suspense>
        </LazyBoundary>
      )}
    </>
  );
}
