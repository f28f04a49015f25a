import { breadcrumbFor } from '@netbar/contract';
import { Breadcrumb } from 'antd';
import { Link, useLocation } from 'react-router';

/** Breadcrumbs from the route table: 首页 / section / page. */
export function Breadcrumbs() {
  const location = useLocation();
  const crumbs = breadcrumbFor(location.pathname, location.search);
  const isHome = location.pathname === '/home' || location.pathname === '/home2';
  const items = [
    { key: 'home', title: isHome ? '首页' : <Link to="/home">首页</Link> },
    ...crumbs
      .filter((c) => c.path !== '/home' && c.path !== '/home2')
      .map((c) => ({ key: c.path, title: c.title })),
  ];
  return <Breadcrumb style={{ marginBottom: 12 }} items={items} />;
}
