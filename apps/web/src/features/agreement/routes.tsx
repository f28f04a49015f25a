import { AGREEMENT_SLUGS } from '@netbar/contract';
import type { ScreenRegistry } from '../../lib/screens';

const page = () => import('./pages/agreement-page');
const pathOf = (slug: string) =>
  slug === 'protocol' || slug === 'installation_agreement' ? `/account/${slug}` : `/${slug}`;

/** The agreement and policy pages (no login) and their administration. */
export const screens: ScreenRegistry = {
  ...Object.fromEntries(AGREEMENT_SLUGS.map((s) => [pathOf(s), page])),
  '/admin/agreements': () => import('./pages/agreements-admin-page'),
};
