import { useCallback, useState } from 'react';
import { feedback } from '../../../lib/feedback';
import type { SessionUser } from '../../../lib/user';

export interface LoginInput {
  user_name: string;
  password: string;
  captcha: string;
  type: number;
}

/**
 * The request client, loaded when the login page first needs it (on the first sign of a person at the
 * page, or at the latest on submit): the login page's first download leaves it out (decision 097).
 */
export const loadHttp = () => import('../../../lib/http');

/** POST login (form-encoded). */
export async function login(input: LoginInput): Promise<SessionUser> {
  const { http } = await loadHttp();
  const res = await http.post<SessionUser>('login', { ...input });
  return res.data;
}

/** A login refused because the owner reset the password (decision 145): the answer's data says so. */
function mustChangePassword(error: unknown): boolean {
  const data = (error as { data?: unknown } | undefined)?.data;
  return (data as { must_change_password?: unknown } | null)?.must_change_password === 1;
}

/**
 * The login call with its busy flag. The login page is the one screen outside the query client (its
 * chunk would double the page's weight), so this is a small hook of its own rather than useMutation;
 * a refusal has already been shown by the request client and resolves to null. A refusal that asks for
 * a new password first (a netbar staff member after a reset) also calls `onMustChange` with the input.
 */
export function useLogin(onMustChange?: (input: LoginInput) => void) {
  const [isPending, setPending] = useState(false);
  const submit = useCallback(
    async (input: LoginInput): Promise<SessionUser | null> => {
      setPending(true);
      try {
        return await login(input);
      } catch (error) {
        // the request client toasts every refusal itself; a chunk that did not arrive has no toast yet
        if ((error as Error | undefined)?.name !== 'HttpError') feedback.error('加载数据失败');
        else if (mustChangePassword(error)) onMustChange?.(input);
        return null;
      } finally {
        setPending(false);
      }
    },
    [onMustChange],
  );
  return { isPending, submit };
}

/** The first password of a netbar staff member after a reset (public call; no session is open). */
export async function setFirstPassword(body: {
  user_name: string;
  password: string;
  new_password: string;
  confirm_password: string;
}): Promise<string> {
  const { http } = await loadHttp();
  const res = await http.post<null>('netbar_staff_first_password', { ...body });
  return res.msg;
}
