import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { SessionUser } from '../../../lib/user';

export interface LoginInput {
  user_name: string;
  password: string;
  captcha: string;
  type: number;
}

/** POST login (form-encoded). */
export async function login(input: LoginInput): Promise<SessionUser> {
  const res = await http.post<SessionUser>('login', { ...input });
  return res.data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
