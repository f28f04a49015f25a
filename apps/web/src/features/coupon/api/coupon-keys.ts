/** 优惠券 query keys (decision 090): a save, issue or void reloads `all`. */
export const couponKeys = {
  all: ['coupon'] as const,
  templates: () => [...couponKeys.all, 'templates'] as const,
  records: () => [...couponKeys.all, 'records'] as const,
  categories: () => [...couponKeys.all, 'categories'] as const,
  activeTemplates: () => [...couponKeys.all, 'templates', 'active'] as const,
};
