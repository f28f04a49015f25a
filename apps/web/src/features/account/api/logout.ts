import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** GET logout: ends the server session. */
export async function logout(): Promise<void> {
  await http.get<null>('logout');
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
