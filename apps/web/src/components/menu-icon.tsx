import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  ControlOutlined,
  CrownOutlined,
  DatabaseOutlined,
  FileOutlined,
  HomeOutlined,
  LinkOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  SwapOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** The icons the route table names, imported one by one (never the whole icon set). */
const ICONS: Record<string, ComponentType> = {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  ControlOutlined,
  CrownOutlined,
  DatabaseOutlined,
  HomeOutlined,
  LinkOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  SwapOutlined,
  TeamOutlined,
  UserOutlined,
  UsergroupAddOutlined,
  WalletOutlined,
};

export function MenuIcon({ name }: { name?: string }) {
  const Icon = (name && ICONS[name]) || FileOutlined;
  return <Icon />;
}
