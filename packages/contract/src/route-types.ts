export type RouteAccess = 'public' | 'login' | 'permission';

export interface RouteNode {
  /** Absolute path, e.g. '/goods/class_list'; dynamic segments as ':id'. */
  path: string;
  name?: string;
  /** Permission id (spec ids where given, otherwise ≥ 1000: docs/permissions.md). */
  id: number;
  /** Chinese title. */
  title: string;
  /** No menu entry. */
  hidden?: boolean;
  /**
   * public: no login; login: any logged-in user;
   * permission: the user's auth.path must contain id (or, for a parent, the id of any child).
   */
  access: RouteAccess;
  /**
   * permission: also open for a holder of this id — a working screen that belongs to another grant
   * (收银台 2640 opens for 购物订单 264, decision 123).
   */
  opensWith?: number;
  /** antd icon name for top-level menu entries. */
  icon?: string;
  children?: RouteNode[];
}

/** A node of flattenRoutes(): parentPath is the path of the enclosing node, or null at the top. */
export interface FlatRoute extends RouteNode {
  parentPath: string | null;
}
