/** The agreement and policy pages (no zod here: the console's route registry imports this eagerly). */
export const AGREEMENT_SLUGS = [
  'protocol',
  'installation_agreement',
  'online_user',
  'service_provider',
  'online_protocol',
  'servece_policy',
  'payment_policy',
  'message_marketing',
  'multi_xieyi',
  'multi_zhengce',
  'activey_market',
] as const;
export type AgreementSlug = (typeof AGREEMENT_SLUGS)[number];
