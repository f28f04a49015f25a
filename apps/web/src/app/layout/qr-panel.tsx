import { QrcodeOutlined } from '@ant-design/icons';
import { Button, Popover, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { LazyBoundary } from '../../components/lazy-boundary';
import { useAppState } from '../../lib/app-state';

/** The QR drawing code loads on first hover. */
const QrCodes = lazy(() => import('./qr-codes'));

/** The hover panel with the official-account and staff mini-program QR codes from the site config. */
export function QrPanel() {
  const site = useAppState((s) => s.site);
  const content = (
    <LazyBoundary>
      <Suspense fallback={<Spin style={{ margin: 24 }} />}>
        <QrCodes officialUrl={site.official_qr_url} staffUrl={site.staff_qr_url} />
      </Suspense>
    </LazyBoundary>
  );
  return (
    <Popover content={content} trigger="hover" placement="bottomRight">
      <Button type="text" icon={<QrcodeOutlined />}>
        扫码关注
      </Button>
    </Popover>
  );
}
