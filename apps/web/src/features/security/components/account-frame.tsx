import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of the public account pages (register, retrieval, result): the login page's colours. */
export function AccountFrame({
  title,
  width = 640,
  children,
}: {
  title: string;
  width?: number;
  children: ReactNode;
}) {
  return (
    <div
      style={{
        minHeight: '100vh',
        background: 'linear-gradient(135deg, #0f2a5c 0%, #1d4fa3 55%, #3a7bd5 100%)',
        padding: '40px 16px',
      }}
    >
      <main
        style={{
          width,
          maxWidth: '100%',
          margin: '0 auto',
          background: '#fff',
          borderRadius: 12,
          padding: 32,
          boxShadow: '0 12px 40px rgba(0,0,0,0.25)',
        }}
      >
        <div
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'baseline',
            marginBottom: 24,
          }}
        >
          <h1 style={{ margin: 0, fontSize: 22, fontWeight: 600 }}>{title}</h1>
          <Link to="/account/login">已有账号？去登录</Link>
        </div>
        {children}
      </main>
    </div>
  );
}
