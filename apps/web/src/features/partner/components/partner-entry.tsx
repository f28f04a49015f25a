import { ApiOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { LazyBoundary } from '../../../components/lazy-boundary';
import { hasButton } from '../../../lib/access';
import { useAppState } from '../../../lib/app-state';

/** The dialog (with js-md5) loads on first open, not with the header. */
const PartnerDialog = lazy(() => import('./partner-dialog').then((m) => ({ default: m.PartnerDialog })));

/** The header's 合作平台 button: shown to holders of button login_panda (spec section 6). */
export function PartnerEntry() {
  const user = useAppState((s) => s.user);
  const [open, setOpen] = useState(false);
  if (!hasButton(user, 'login_panda')) return null;
  return (
    <>
      <Button type="text" icon={<ApiOutlined />} onClick={() => setOpen(true)}>
        合作平台
      </Button>
      {open && (
        <LazyBoundary>
          <Suspense fallback={null}>
            <PartnerDialog open={open} onClose={() => setOpen(false)} />
          </Suspense>
        </LazyBoundary>
      )}
    </>
  );
}
