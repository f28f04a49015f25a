/** The account-security query keys (decision 090): the security summary and one's own profile. */
export const securityKeys = {
  all: ['security'] as const,
  info: () => [...securityKeys.all, 'info'] as const,
  profiles: () => [...securityKeys.all, 'profile'] as const,
  profile: (type: number) => [...securityKeys.profiles(), type] as const,
};
