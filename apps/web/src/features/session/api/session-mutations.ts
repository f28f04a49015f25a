import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { deletePlan, endSession, savePlan, startSession } from './session-api';
import { sessionKeys } from './session-keys';

/** The session writes: each invalidates what it changes, through the key factory (decision 090). */

const sessionsTouched = () => [sessionKeys.open(), sessionKeys.history(), ['venue']];

export const useStartSession = (c?: MutationConfig<Awaited<ReturnType<typeof startSession>>>) =>
  useInvalidatingMutation(startSession, sessionsTouched(), c);
export const useEndSession = (c?: MutationConfig<Awaited<ReturnType<typeof endSession>>>) =>
  useInvalidatingMutation(endSession, sessionsTouched(), c);
export const useSavePlan = (c?: MutationConfig<unknown>) =>
  useInvalidatingMutation(savePlan, [sessionKeys.plans()], c);
export const useDeletePlan = (c?: MutationConfig<unknown>) =>
  useInvalidatingMutation(deletePlan, [sessionKeys.plans()], c);
