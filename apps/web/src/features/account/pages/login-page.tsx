import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppState } from '../../../lib/app-state';
import { type LoginInput, useLogin } from '../api/login';
import { LoginForm } from '../components/login-form';
import { afterLoginPath } from '../redirect';

// only a netbar staff member whose password was reset sees it: not in the page's first download
const FirstPasswordForm = lazy(() => import('../components/first-password-form'));

/**
 * /account/login: after login go to the `redirect` query or /home. A login refused with
 * must_change_password (decision 145) turns the page into 设置新密码, which logs in once it is set.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const systemName = useAppState((s) => s.site.system_name);
  const setUser = useAppState((s) => s.setUser);
  const [mustChange, setMustChange] = useState<LoginInput | null>(null);
  const login = useLogin(setMustChange);

  // resolves false when refused (the request client has shown the server's message): the form renews its captcha
  const submit = async (input: LoginInput) => {
    const user = await login.submit(input);
    if (!user) return false;
    setUser(user);
    navigate(afterLoginPath(location.search, user), { replace: true });
    return true;
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg, #0f2a5c 0%, #1d4fa3 55%, #3a7bd5 100%)',
        padding: 16,
      }}
    >
      <main
        style={{
          width: 400,
          maxWidth: '100%',
          background: '#fff',
          borderRadius: 12,
          padding: 32,
          boxShadow: '0 12px 40px rgba(0, 0, 0, 0.25)',
        }}
      >
        <h1 style={{ textAlign: 'center', margin: '0 0 4px', fontSize: 24, fontWeight: 600 }}>
          {systemName}
        </h1>
        <p style={{ textAlign: 'center', margin: '0 0 24px', color: 'rgba(0, 0, 0, 0.6)' }}>
          {mustChange ? '设置新密码' : '账号登录'}
        </p>
        {mustChange ? (
          <Suspense fallback={null}>
            <FirstPasswordForm account={mustChange} onLogin={submit} onBack={() => setMustChange(null)} />
          </Suspense>
        ) : (
          <LoginForm submitting={login.isPending} onSubmit={submit} />
        )}
      </main>
    </div>
  );
}
