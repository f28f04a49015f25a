import { ChunkErrorPage } from '../../components/chunk-error-page';

/** The router's error element: a render error or a failed chunk shows 页面加载失败 with 重新加载. */
export function RouteErrorPage() {
  return (
    <div style={{ paddingTop: 80 }}>
      <ChunkErrorPage />
    </div>
  );
}
