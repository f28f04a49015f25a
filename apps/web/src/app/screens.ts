import type { ComponentType } from 'react';
import type { ScreenLoader, ScreenRegistry } from '../lib/screens';

const modules = import.meta.glob<{ screens?: ScreenRegistry; eagerScreens?: Record<string, ComponentType> }>(
  '../features/*/routes.tsx',
  { eager: true },
);

/** Every registered screen of every feature, keyed by route path. */
export const SCREENS: ScreenRegistry = Object.assign(
  {},
  ...Object.values(modules).map((m) => m.screens ?? {}),
);

/**
 * Screens shipped in the entry and rendered without the screen runtime (only the login page: decision
 * 097). They must not use the query client or dayjs.
 */
export const EAGER_SCREENS: Record<string, ComponentType> = Object.assign(
  {},
  ...Object.values(modules).map((m) => m.eagerScreens ?? {}),
);

export function screenFor(path: string): ScreenLoader | undefined {
  return SCREENS[path];
}
