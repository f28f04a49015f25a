import { scanLogonBody } from '@netbar/contract';
import { Alert, Button, Card, Form, Input, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { zodFormRules } from '../../../lib/zod-rules';
import type { ScanLogonDone } from '../api/member-api';
import { useConfirmScanLogon } from '../api/member-mutations';
import { useScanInfo } from '../api/member-queries';

const rules = zodFormRules(scanLogonBody);
const REFRESH = '请在电脑上刷新二维码';
const USED_HINT = '二维码已使用，请在电脑上刷新二维码后重新扫码';

/**
 * /scan_logon?t=… (扫码上机, public, docs/decisions/113): the member scanned the QR code a PC shows.
 * Before confirmation only the store and the machine are shown; the member types card number (or
 * mobile) and password, and the PC finds the started session.
 */
export default function ScanLogonPage() {
  const [params] = useSearchParams();
  const ticket = params.get('t') ?? '';
  const info = useScanInfo(ticket);
  const [done, setDone] = useState<ScanLogonDone | null>(null);
  const confirm = useConfirmScanLogon({ onSuccess: (r) => setDone(r.data) });
  /** The last refusal: shown in the form while the ticket is still open, else as the page's end. */
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<{ account: string; password: string }>();
  const submit = (v: { account: string; password: string }) => {
    setFailure(null);
    confirm.mutate(
      { ticket, account: v.account, password: v.password },
      {
        onError: (e) => {
          setFailure(e.message);
          // a refusal may have spent the ticket (used, voided, or the session could not start): ask again
          void info.refetch();
        },
      },
    );
  };

  const page = (body: React.ReactNode) => (
    <div style={{ minHeight: '100vh', background: '#f0f2f5', padding: '24px 12px' }}>
      <Card style={{ maxWidth: 420, margin: '0 auto' }}>{body}</Card>
    </div>
  );
  if (done)
    return page(
      <Result
        status="success"
        title="上机成功"
        subTitle={`${done.member_name}，您已在机器 ${done.machine_name} 上机（${done.plan_name}），请回到电脑前开始使用`}
      />,
    );
  if (!ticket || info.isError) {
    const why = failure ?? (info.error as Error | null)?.message ?? '';
    // the session could not start (balance, machine in use…): the ticket is spent, say why and what next
    if (failure && !failure.endsWith(REFRESH))
      return page(<Result status="error" title="上机失败" subTitle={`${failure}。${USED_HINT}`} />);
    return page(
      <Result
        status="warning"
        title="二维码已失效"
        subTitle={why.replace(/^二维码已失效，/, '') || '请在电脑上刷新二维码后重新扫码'}
      />,
    );
  }
  if (info.isLoading || !info.data)
    return page(
      <div style={{ textAlign: 'center', padding: 32 }}>
        <Spin />
      </div>,
    );
  return page(
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        扫码上机
      </Typography.Title>
      <Typography.Paragraph>
        {info.data.store_name} · 机器 <Typography.Text strong>{info.data.machine_name}</Typography.Text>
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="account" label="会员卡号或手机号" rules={rules.account} required>
          <Input maxLength={32} autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label="会员密码" rules={rules.password} required>
          <Input.Password maxLength={16} autoComplete="current-password" placeholder="6-16位字母或数字" />
        </Form.Item>
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" block size="large" loading={confirm.isPending}>
          确认上机
        </Button>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        二维码 2 分钟内有效，只能使用一次。没有密码请到前台设置。
      </Typography.Paragraph>
    </>,
  );
}
