import { Button, Result } from 'antd';

/** A page chunk failed or did not load within 120 s (spec section 8). */
export function ChunkErrorPage({ onReload }: { onReload?: () => void }) {
  return (
    <Result
      status="error"
      title="页面加载失败"
      subTitle="页面资源未能加载，请检查网络后重新加载。"
      extra={
        <Button type="primary" onClick={onReload ?? (() => window.location.reload())}>
          重新加载
        </Button>
      }
    />
  );
}
