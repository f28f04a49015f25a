import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { feedback } from './feedback';

export interface MutationConfig<Data> {
  /** Toast shown after success (none when omitted). */
  success?: string | ((data: Data) => string);
  /** Called after success, once the keys are invalidated (close a dialog, clear a selection). */
  onSuccess?: (data: Data) => void;
}

/**
 * A feature's mutation: sends `fn`, then invalidates `keys` (from the feature's key factory), toasts and
 * calls onSuccess. A refused call is not rethrown: the request client already showed the reason, and a
 * dialog that called it stays open (decision 090).
 */
export function useInvalidatingMutation<Vars, Data>(
  fn: (vars: Vars) => Promise<Data>,
  keys: readonly QueryKey[],
  config: MutationConfig<Data> = {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (data) => {
      const { success, onSuccess } = config;
      if (success) feedback.success(typeof success === 'function' ? success(data) : success);
      onSuccess?.(data);
      // not awaited: the dialog closes at once and the list reloads behind it, as before
      for (const queryKey of keys) void qc.invalidateQueries({ queryKey });
    },
  });
}
