/** 从旧系统导入's query keys (decision 090). */
export const legacyImportKeys = {
  all: ['legacy-import'] as const,
  schedule: () => [...legacyImportKeys.all, 'schedule'] as const,
};
