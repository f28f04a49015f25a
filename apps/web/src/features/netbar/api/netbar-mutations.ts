import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import {
  addRemark,
  bindNetbar,
  deleteNetbars,
  deleteRemark,
  extendNetbar,
  issueBindCode,
  registerNetbar,
  saveDayStart,
  saveDelay,
  setNetbarsPerson,
  unbindNetbar,
} from './netbar-api';
import { netbarKeys } from './netbar-keys';

/** The netbar writes (decision 090): a refused call is shown by the request client and not rethrown. */

type Config<D = unknown> = MutationConfig<D>;
const book = () => [netbarKeys.book()];

export const useRegisterNetbar = (c?: Config) => useInvalidatingMutation(registerNetbar, book(), c);
export const useBindNetbar = (c?: Config) => useInvalidatingMutation(bindNetbar, book(), c);
export const useDeleteNetbar = (c?: Config) => useInvalidatingMutation(deleteNetbars, book(), c);
export const useUnbindNetbar = (c?: Config) => useInvalidatingMutation(unbindNetbar, book(), c);
export const useAssignPerson = (c?: Config) => useInvalidatingMutation(setNetbarsPerson, book(), c);
/** Order and pay a renewal: reloads the book and the wallet balance shown in the dialog. */
export const useExtendNetbar = (c?: Config<Awaited<ReturnType<typeof extendNetbar>>>) =>
  useInvalidatingMutation(extendNetbar, [netbarKeys.book(), netbarKeys.balance()], c);

export const useAddNetbarRemark = (c?: Config) =>
  useInvalidatingMutation(addRemark, [netbarKeys.remarks()], c);
export const useDeleteNetbarRemark = (c?: Config) =>
  useInvalidatingMutation(deleteRemark, [netbarKeys.remarks()], c);

export const useSaveDelay = (c?: Config) => useInvalidatingMutation(saveDelay, [netbarKeys.delay()], c);

/** The netbar owner's one-time bind code (no list changes). */
export const useIssueBindCode = (c?: Config<Awaited<ReturnType<typeof issueBindCode>>>) =>
  useInvalidatingMutation(issueBindCode, [], c);

export const useSaveDayStart = (c?: Config<Awaited<ReturnType<typeof saveDayStart>>>) =>
  useInvalidatingMutation(saveDayStart, [netbarKeys.dayStart()], c);
