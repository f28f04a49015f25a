/**
 * zod schemas of the enumerations. Kept apart from enums.ts, stock-docs.ts and user-types.ts so that
 * the console's shell can import those value lists without downloading zod (docs/decisions/008).
 */
import { z } from 'zod';
import { STOCK_DOC_TYPES } from './stock-docs';

export const shelfStatusEnum = z.literal([1, 2]);
export const customColourEnum = z.literal([1, 2, 3, 4, 5, 6]);
export const activityKindEnum = z.enum([
  'League_of_Heroes',
  'Forever',
  'PUBG',
  'Yunding',
  'ThreeKingdomsKill',
]);
export const leagueKindEnum = z.enum(['League', 'League_yunding']);
export const blindBoxKindEnum = z.enum(['Lucky_blind_box', 'gift_bag_exchange']);
export const scopeModeEnum = z.enum(['ordinary', 'custom']);
export const batchModeEnum = z.enum(['ordinary', 'batch']);
export const scopeRuleEnum = z.enum(['exclude', 'apply']);
export const editModeEnum = z.enum(['add', 'edit']);
export const itemKindEnum = z.enum(['goods', 'mater']);
export const messageKindEnum = z.literal([-1, 1, 2, 3, 4, 5, 6]);
export const stockDocTypeEnum = z.enum(STOCK_DOC_TYPES);
export const userTypeEnum = z.literal([1, 2, 3, 4, 5, 6]);
export const importProductEnum = z.literal([9, 10, 4, 12, 13, 0, 8, 14, 15, 17, 7]);
export const importProductVariantEnum = z.enum(['housekeeper', 'pubwinol']);
