import { useLocation, useNavigate } from 'react-router';
import { useAppState } from '../../../lib/app-state';
import { type LoginInput, useLogin } from '../api/login';
import { LoginForm } from '../components/login-form';
import { afterLoginPath } from '../redirect';

/** /account/login: after login go to the `redirect` query or /home. */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const systemName = useAppState((s) => s.site.system_name);
  const setUser = useAppState((s) => s.setUser);
  const login = useLogin();

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
        <p style={{ textAlign: 'center', margin: '0 0 24px', color: 'rgba(0, 0, 0, 0.6)' }}>账号登录</p>
        <LoginForm submitting={login.isPending} onSubmit={submit} />
      </main>
    </div>
  );
}
