/** The site configuration's query key (decision 090): loaded once, never stale. */
export const siteConfigKeys = {
  all: ['site_config'] as const,
};
