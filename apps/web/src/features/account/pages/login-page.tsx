import { Card, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useAppStore } from '../../../store/app-store';
import { type LoginInput, useLogin } from '../api/login';
import { LoginForm } from '../components/login-form';
import { afterLoginPath } from '../redirect';

/** /account/login: after login go to the `redirect` query or /home. */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const systemName = useAppStore((s) => s.site.system_name);
  const setUser = useAppStore((s) => s.setUser);
  const login = useLogin();

  const submit = async (input: LoginInput): Promise<boolean> => {
    try {
      const user = await login.mutateAsync(input);
      setUser(user);
      navigate(afterLoginPath(location.search), { replace: true });
      return true;
    } catch {
      // the request client has shown the server's message
      return false;
    }
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
      <Card
        style={{ width: 400, boxShadow: '0 12px 40px rgba(0, 0, 0, 0.25)' }}
        styles={{ body: { padding: 32 } }}
      >
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          {systemName}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 24 }}>
          账号登录
        </Typography.Paragraph>
        <LoginForm submitting={login.isPending} onSubmit={submit} />
      </Card>
    </div>
  );
}
