import type { ComponentType } from 'react';

/** A lazily loaded screen module. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

/**
 * What each `features/<domain>/routes.tsx` exports as `screens`: loaders keyed by the route path of the
 * contract's table (e.g. '/notice/list'). `app/screens.ts` collects them.
 */
export type ScreenRegistry = Record<string, ScreenLoader>;
