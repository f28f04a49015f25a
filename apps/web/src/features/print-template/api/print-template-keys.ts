/** The receipt template query keys (decision 090); a save, delete or default change invalidates `all`. */
export const printTemplateKeys = {
  all: ['print-template'] as const,
  list: (kind: string) => [...printTemplateKeys.all, 'list', kind] as const,
};
