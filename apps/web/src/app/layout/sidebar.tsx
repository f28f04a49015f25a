import { matchRoute, type RouteNode } from '@netbar/contract';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MenuIcon } from '../../components/menu-icon';
import { useAppState } from '../../lib/app-state';

type MenuItem = Required<MenuProps>['items'][number];

function toItems(nodes: RouteNode[], top: boolean): MenuItem[] {
  return nodes.map((n) => ({
    key: n.path,
    label: n.title,
    icon: top ? <MenuIcon name={n.icon} /> : undefined,
    children: n.children?.length ? toItems(n.children, false) : undefined,
  }));
}

/** The key to highlight: the page itself, or for a hidden page its parent entry. */
export function selectedKey(pathname: string): string {
  const node = matchRoute(pathname);
  if (!node) return pathname;
  if (node.hidden && node.parentPath) return node.parentPath;
  if (node.path === '/home2') return '/home';
  return node.path;
}

function ancestors(pathname: string): string[] {
  const out: string[] = [];
  for (let n = matchRoute(pathname); n?.parentPath; n = matchRoute(n.parentPath)) out.unshift(n.parentPath);
  return out;
}

/** The sidebar menu: menuFor(auth path ids), hidden routes never listed. */
export function Sidebar() {
  const routers = useAppState((s) => s.routers);
  const collapsed = useAppState((s) => s.collapsed);
  const location = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => toItems(routers, true), [routers]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestors(location.pathname));

  useEffect(() => {
    const parents = ancestors(location.pathname);
    setOpenKeys((keys) => [...new Set([...keys, ...parents])]);
  }, [location.pathname]);

  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={[selectedKey(location.pathname)]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => navigate(key)}
    />
  );
}
