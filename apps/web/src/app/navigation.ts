/**
 * The router's navigation, for code outside React trees (the request client's 40005 redirect). main.tsx
 * sets it once the router exists; until then it falls back to the browser's location.
 */
export interface AppNavigation {
  navigate: (to: string) => void;
  currentPath: () => string;
}

export const appNavigation: AppNavigation = {
  navigate: (to) => window.location.assign(to),
  currentPath: () => window.location.pathname + window.location.search,
};

export function setAppNavigation(next: AppNavigation): void {
  Object.assign(appNavigation, next);
}
