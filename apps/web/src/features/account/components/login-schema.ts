// Loaded on first validation only, so that zod stays out of the login page's first download.
export { loginBody } from '@netbar/contract';
