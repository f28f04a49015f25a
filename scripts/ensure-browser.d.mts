/** Installs Debian chromium and fonts-noto-cjk when missing; returns the browser path. */
export function ensureBrowser(): string;
