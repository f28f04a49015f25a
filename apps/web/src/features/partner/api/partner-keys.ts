/** The partner account's query keys (decision 090). */
export const partnerKeys = {
  all: ['partner'] as const,
  binding: () => [...partnerKeys.all, 'binding'] as const,
};
