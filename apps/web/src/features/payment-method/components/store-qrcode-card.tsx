import { QRCODE_STATUS_LABELS } from '@netbar/contract';
import { Alert, Button, Card, Space, Spin, Tag, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useApplyQrcode } from '../api/payment-method-mutations';
import { useStoreQrcode } from '../api/payment-method-queries';

const STATUS_COLOR = { 0: 'gold', 1: 'green', 2: 'red' } as const;

/**
 * 固定收款码: the store's standing code for any amount. Applied for here, approved or rejected by the
 * payment company; only an approved code shows its QR (the server gives no URL before).
 */
export function StoreQrcodeCard() {
  const q = useStoreQrcode();
  const apply = useApplyQrcode({ success: '已提交审核，请等待支付公司审核' });
  const code = q.data?.qrcode;
  return (
    <Card title="固定收款码" size="small">
      {q.isLoading ? (
        <Spin />
      ) : q.isError ? (
        <Alert type="error" showIcon title="加载固定收款码失败" />
      ) : (
        <Space align="start" size="large" wrap>
          {code?.url ? (
            <div style={{ textAlign: 'center' }}>
              <QRCodeSVG value={code.url} size={160} marginSize={1} title="本店固定收款码" />
              <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
                顾客扫码输入金额付款
              </Typography.Text>
            </div>
          ) : null}
          <Space direction="vertical" style={{ maxWidth: 480 }}>
            {code ? (
              <Space>
                <Typography.Text>审核状态</Typography.Text>
                <Tag color={STATUS_COLOR[code.status]}>{QRCODE_STATUS_LABELS[code.status]}</Tag>
                <Typography.Text type="secondary">申请于 {code.created_at}</Typography.Text>
              </Space>
            ) : (
              <Typography.Text type="secondary">本店还没有固定收款码。</Typography.Text>
            )}
            {code?.status === 0 && (
              <Typography.Text type="secondary">支付公司审核通过后，收款码即可打印张贴使用。</Typography.Text>
            )}
            {code?.status === 2 && <Alert type="warning" showIcon title={`驳回原因：${code.reason}`} />}
            {code?.url && (
              <Typography.Paragraph
                copyable={{ text: code.url, tooltips: ['复制链接', '已复制'] }}
                style={{ wordBreak: 'break-all', marginBottom: 0 }}
              >
                {code.url}
              </Typography.Paragraph>
            )}
            {q.data?.can_apply && (
              <Button type="primary" loading={apply.isPending} onClick={() => apply.mutate(undefined)}>
                {code ? '重新申请' : '申请固定收款码'}
              </Button>
            )}
          </Space>
        </Space>
      )}
    </Card>
  );
}
