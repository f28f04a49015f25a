import { LOGIN_PATH } from '@netbar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { logout } from '../../features/account/api/logout';
import { useAppState } from '../../lib/app-state';
import { feedback } from '../../lib/feedback';

export const LOGOUT_TITLE = '退出确认';
export const LOGOUT_CONTENT = '退出后将清理登陆信息，是否继续？';
export const LOGOUT_DONE = '用户成功退出！';

/** Logout: confirm, call logout, clear the stored user, say so and go to login (spec section 4). */
export function useLogoutConfirm(): () => void {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const clearUser = useAppState((s) => s.clearUser);

  return () => {
    modal.confirm({
      title: LOGOUT_TITLE,
      content: LOGOUT_CONTENT,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        // a refusal was shown by the request client; the local session is cleared anyway
        const ok = await logout().then(
          () => true,
          () => false,
        );
        // Leave the protected page for a clean login: marked as a logout, the route guard of that page sends
        // the browser to /account/login and never to ?redirect=<that page> (the next user, of another type,
        // would land on a 403), whichever of the navigation and the cleared user renders first.
        clearUser({ loggedOut: true });
        await navigate(LOGIN_PATH, { replace: true });
        queryClient.clear();
        if (ok) feedback.success(LOGOUT_DONE);
      },
    });
  };
}
