import { Button } from 'antd';

/** A page chunk failed or did not load within 120 s (spec section 8). Kept light: no antd Result. */
export function ChunkErrorPage({ onReload }: { onReload?: () => void }) {
  return (
    <div role="alert" style={{ textAlign: 'center', padding: '64px 16px' }}>
      <div style={{ fontSize: 48, lineHeight: 1, color: '#ff4d4f' }} aria-hidden>
        ⚠
      </div>
      <h2 style={{ margin: '16px 0 8px', fontSize: 22, fontWeight: 500 }}>页面加载失败</h2>
      <p style={{ color: 'rgba(0, 0, 0, 0.68)', margin: '0 0 24px' }}>
        页面资源未能加载，请检查网络后重新加载。
      </p>
      <Button type="primary" onClick={onReload ?? (() => window.location.reload())}>
        重新加载
      </Button>
    </div>
  );
}
