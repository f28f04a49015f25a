/** The commission query keys (decision 090): a rule write invalidates `all` (rules and performance). */
export const commissionKeys = {
  all: ['commission'] as const,
  rules: () => [...commissionKeys.all, 'rules'] as const,
  staff: () => [...commissionKeys.all, 'staff'] as const,
  performance: (start: string, end: string) => [...commissionKeys.all, 'performance', start, end] as const,
  records: () => [...commissionKeys.all, 'records'] as const,
};
