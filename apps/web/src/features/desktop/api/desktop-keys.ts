/** 桌面设置 query keys (decision 090); a save or delete invalidates `all`. */
export const desktopKeys = {
  all: ['desktop'] as const,
  settings: () => [...desktopKeys.all, 'settings'] as const,
  config: (id: number) => [...desktopKeys.all, 'config', id] as const,
};
