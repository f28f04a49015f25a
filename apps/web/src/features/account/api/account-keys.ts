/** The account query keys (decision 090): the signed-in user, fresh from the server. */
export const accountKeys = {
  all: ['account'] as const,
  userInfo: () => [...accountKeys.all, 'user_info'] as const,
};
