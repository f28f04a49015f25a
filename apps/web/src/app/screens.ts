import type { ScreenLoader, ScreenRegistry } from '../lib/screens';

const modules = import.meta.glob<{ screens?: ScreenRegistry }>('../features/*/routes.tsx', { eager: true });

/** Every registered screen of every feature, keyed by route path. */
export const SCREENS: ScreenRegistry = Object.assign(
  {},
  ...Object.values(modules).map((m) => m.screens ?? {}),
);

export function screenFor(path: string): ScreenLoader | undefined {
  return SCREENS[path];
}
