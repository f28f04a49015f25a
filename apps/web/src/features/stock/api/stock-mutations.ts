import { feedback } from '../../../lib/feedback';
import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import {
  approveCheck,
  deleteDoc,
  enterCounts,
  openCheck,
  type PostAnswer,
  postDoc,
  saveDoc,
  saveSetting,
} from './stock-api';
import { stockKeys } from './stock-keys';

/** The stock writes: a stock change touches lists, documents and reports, so each invalidates `stockKeys.all`. */

const all = [stockKeys.all];
type Config<D> = MutationConfig<D>;
type Answer = { data: PostAnswer };

/** A posting may pass with warnings (negative stock under the 'warn' policy): show them after the toast. */
export const warnOf = (r: Answer) => {
  if (r.data.warnings.length) feedback.error(`注意：${r.data.warnings.join('；')}`);
};

export const useSaveSetting = (c?: Config<unknown>) =>
  useInvalidatingMutation(saveSetting, [stockKeys.setting()], c);

/** Saving a document (the caller toasts its number, then warnOf). */
export const useSaveDoc = (c?: Config<Answer>) => useInvalidatingMutation(saveDoc, all, c);
/** Posting a draft: the success toast, then any warnings. */
export const usePostDoc = (c?: Config<Answer>) =>
  useInvalidatingMutation(postDoc, all, {
    ...c,
    onSuccess: (r) => {
      c?.onSuccess?.(r);
      warnOf(r);
    },
  });
export const useDeleteDoc = (c?: Config<unknown>) => useInvalidatingMutation(deleteDoc, all, c);

export const useOpenCheck = (c?: Config<Awaited<ReturnType<typeof openCheck>>>) =>
  useInvalidatingMutation(openCheck, all, c);
export const useEnterCounts = (c?: Config<unknown>) => useInvalidatingMutation(enterCounts, all, c);
export const useApproveCheck = (c?: Config<unknown>) => useInvalidatingMutation(approveCheck, all, c);
