/** A light loading indicator for lazily loaded pages (no antd Spin in the entry chunk). */
export function PageLoading() {
  return (
    <div
      role="status"
      aria-label="加载中"
      style={{ display: 'flex', justifyContent: 'center', padding: '96px 0' }}
    >
      <style>{'@keyframes nb-spin{to{transform:rotate(360deg)}}'}</style>
      <div
        style={{
          width: 32,
          height: 32,
          border: '3px solid rgba(22, 119, 255, 0.2)',
          borderTopColor: '#1677ff',
          borderRadius: '50%',
          animation: 'nb-spin 0.8s linear infinite',
        }}
      />
    </div>
  );
}
