import { useMutation, useQueryClient } from '@tanstack/react-query';
import { feedback } from '../../../lib/feedback';
import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { accountApi } from './account-api';
import { securityKeys } from './security-keys';

/**
 * The account writes (decision 090): a refused call is shown by the request client and not rethrown.
 * Calls that answer a message (修改成功 ...) pass `success: (msg) => msg` to toast the server's words.
 */

type Channel = 'mobile' | 'email';

export const useUpdatePassword = (c?: MutationConfig<string>) =>
  useInvalidatingMutation(accountApi.updatePassword, [], c);

/** Step 1 of a contact change: prove the current mobile or email. */
export const useVerifyOldContact = (c?: MutationConfig<unknown>) =>
  useInvalidatingMutation(
    ({ channel, code }: { channel: Channel; code: string }) =>
      channel === 'mobile' ? accountApi.verifyOldMobile(code) : accountApi.verifyOldEmail(code),
    [],
    c,
  );
/** Step 2: bind the new one; reloads the security summary. */
export const useUpdateContact = (c?: MutationConfig<string>) =>
  useInvalidatingMutation(
    ({ channel, value, code }: { channel: Channel; value: string; code: string }) =>
      channel === 'mobile'
        ? accountApi.updateMobile({ mobile: value, code })
        : accountApi.updateEmail({ email: value, code }),
    [securityKeys.info()],
    c,
  );

/**
 * Save one's own details: toasts the server's message and waits for the profile to reload before
 * onSuccess (the details page opens on fresh data), so the save button spins until then.
 */
export function useEditProfile(onSaved: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ type, values }: { type: number; values: Record<string, unknown> }) =>
      accountApi.editProfile(type, values),
    onSuccess: async (msg) => {
      feedback.success(msg);
      await qc.invalidateQueries({ queryKey: securityKeys.profiles() });
      onSaved();
    },
  });
}

/** Password retrieval: the code gives a ticket; the ticket sets the new password. */
export const useRetrieveVerify = (c?: MutationConfig<{ ticket: string }>) =>
  useInvalidatingMutation(accountApi.retrieveVerify, [], c);
export const useRetrievePassword = (c?: MutationConfig<string>) =>
  useInvalidatingMutation(accountApi.retrievePassword, [], c);

/** Registration of a netbar or an agent (no session yet: nothing to reload). */
export const useRegister = (c?: MutationConfig<{ user_name: string; type: number }>) =>
  useInvalidatingMutation(
    ({ kind, values }: { kind: 'netbar' | 'agent'; values: Record<string, unknown> }) =>
      accountApi.register(kind, values),
    [],
    c,
  );
