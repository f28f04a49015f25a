import { matchRoute, routeTitle } from '@netbar/contract';
import { Card, Result } from 'antd';
import { useLocation } from 'react-router';

/** A route of the table whose screen is not built yet: says so plainly, pretends nothing. */
export function NotOpenPage({ title }: { title: string }) {
  return (
    <Card>
      <Result status="info" title="该功能暂未开放" subTitle={`「${title}」将在后续版本中提供，敬请期待。`} />
    </Card>
  );
}

/** The lazily loaded screen for a route without a registered screen. */
export default function NotOpenScreen() {
  const location = useLocation();
  const title = routeTitle(location.pathname, location.search) ?? matchRoute(location.pathname)?.title ?? '';
  return <NotOpenPage title={title} />;
}
