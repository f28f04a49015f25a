import type { RefundRequestRow } from '@netbar/contract';
import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { addRefundRequest, approveRefundRequest, rejectRefundRequest } from './pay-console-api';
import { payConsoleKeys } from './pay-console-keys';

type Config = MutationConfig<{ data: RefundRequestRow }>;
const all = [payConsoleKeys.all];

export const useAddRefundRequest = (c?: Config) => useInvalidatingMutation(addRefundRequest, all, c);
export const useApproveRefundRequest = (c?: Config) => useInvalidatingMutation(approveRefundRequest, all, c);
export const useRejectRefundRequest = (c?: Config) => useInvalidatingMutation(rejectRefundRequest, all, c);
