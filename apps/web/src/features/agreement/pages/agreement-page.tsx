import { Alert, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAgreement } from '../api/agreement-queries';

/** A standalone agreement or policy page (no login): the current published version. */
export default function AgreementPage() {
  const slug = useLocation().pathname.split('/').filter(Boolean).pop() ?? '';
  const q = useAgreement(slug);
  useEffect(() => {
    if (q.data) document.title = q.data.title;
  }, [q.data]);
  return (
    <div style={{ background: '#f5f6f8', minHeight: '100vh', padding: '32px 16px' }}>
      <article
        style={{
          maxWidth: 860,
          margin: '0 auto',
          background: '#fff',
          padding: '40px 48px',
          borderRadius: 8,
          boxShadow: '0 2px 12px rgba(0,0,0,0.06)',
        }}
      >
        {q.isError && <Alert type="error" showIcon title="加载数据失败" />}
        {!q.data && !q.isError && <Skeleton active paragraph={{ rows: 12 }} />}
        {q.data && (
          <>
            <Typography.Title level={2} style={{ textAlign: 'center' }}>
              {q.data.title}
            </Typography.Title>
            <p style={{ textAlign: 'center', color: 'rgba(0,0,0,0.45)' }}>
              版本：{q.data.version}　生效日期：{q.data.effective_date}
            </p>
            {q.data.content.split(/\n+/).map((para) => (
              <Typography.Paragraph key={para} style={{ fontSize: 15, lineHeight: 1.9, textIndent: '2em' }}>
                {para}
              </Typography.Paragraph>
            ))}
          </>
        )}
      </article>
    </div>
  );
}
