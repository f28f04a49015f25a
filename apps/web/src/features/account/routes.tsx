import type { ComponentType } from 'react';
import LoginPage from './pages/login-page';

/**
 * The login page is part of the console's entry, not a lazy chunk: it is the first screen of most visits,
 * and shipped with the entry it costs one download instead of ~35 small ones
 * (docs/decisions/097-light-login-entry.md). The other account pages belong to their own feature work.
 */
export const eagerScreens: Record<string, ComponentType> = {
  '/account/login': LoginPage,
};
