import type { Config } from '../../config.ts';

/**
 * Test hooks (docs/decisions/022-message-delivery.md): with E2E_TEST_HOOKS=1, which the config refuses
 * in production, the plain code of the newest message to an address is kept in the key-value store
 * for the __test/latest_code route. Nowhere else is a code kept in clear: the outbox holds the masked text.
 */
export const testHooksOn = (c: Config): boolean => c.E2E_TEST_HOOKS && c.NODE_ENV !== 'production';

export const testCodeKey = (to: string): string => `test:code:${to.trim().toLowerCase()}`;

/** As long as a code lives (codes.service CODE_TTL_SECONDS). */
export const TEST_CODE_TTL = 600;
