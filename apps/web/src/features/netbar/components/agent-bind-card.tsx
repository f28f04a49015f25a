import { Alert, Button, Card, Space, Statistic, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { BindCode } from '../api/netbar-api';
import { useIssueBindCode } from '../api/netbar-mutations';

/**
 * 代理商绑定: the netbar owner's consent to join an agent. The owner generates a one-time code (24 hours)
 * and tells it to the agent, who enters it with the netbar's account in 绑定网吧.
 */
export function AgentBindCard() {
  const [code, setCode] = useState<(BindCode & { until: number }) | null>(null);
  const [, tick] = useState(0);
  useEffect(() => {
    if (!code) return;
    const t = setInterval(() => tick((n) => n + 1), 60_000);
    return () => clearInterval(t);
  }, [code]);
  const issuer = useIssueBindCode({
    onSuccess: (r) => setCode({ ...r, until: Date.now() + r.expires_in * 1000 }),
  });
  const issue = () => issuer.mutate();
  const loading = issuer.isPending;
  const hoursLeft = code ? Math.max(0, Math.ceil((code.until - Date.now()) / 3_600_000)) : 0;
  return (
    <Card title="代理商绑定" style={{ maxWidth: 640 }}>
      <Typography.Paragraph>
        如需由代理商为本网吧提供续费、装机和售后服务，请生成绑定码并告知您的代理商。代理商凭本网吧的登录账号和绑定码即可完成绑定；未经您提供绑定码，任何代理商都无法绑定本网吧。
      </Typography.Paragraph>
      {code ? (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Statistic
            title="绑定码"
            value={code.code}
            groupSeparator=""
            styles={{ content: { fontSize: 40, letterSpacing: 8, fontFamily: 'monospace' } }}
          />
          <Alert
            type="warning"
            showIcon
            title={`绑定码约${hoursLeft}小时内有效，只能使用一次；重新生成后旧的绑定码立即失效。请勿告诉代理商以外的人。`}
          />
          <Button onClick={issue} loading={loading}>
            重新生成
          </Button>
        </Space>
      ) : (
        <Button type="primary" onClick={issue} loading={loading}>
          生成绑定码
        </Button>
      )}
    </Card>
  );
}
