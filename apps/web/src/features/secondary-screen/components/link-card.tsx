import { CopyOutlined, DesktopOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Input, Popconfirm, Space, Typography } from 'antd';
import { feedback } from '../../../lib/feedback';
import { useChangeScreenLink } from '../api/screen-mutations';

/**
 * The screen's link: open it on the monitor facing the customer. 重新生成 ends the old link at once
 * (an open screen on it shows 链接已失效); 停用 ends it with no new one.
 */
export function LinkCard({ link }: { link: string }) {
  const change = useChangeScreenLink({ success: (r) => (r as { msg: string }).msg });
  const url = link ? `${window.location.origin}${link}` : '';
  return (
    <Card title="副屏链接" size="small">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          在收银台旁朝向顾客的显示器上用浏览器打开此链接并点击“全屏”；结账时副屏实时显示商品、应付金额和付款码，付款后显示“谢谢惠顾”。链接无需登录，请勿外传。
        </Typography.Text>
        {url ? (
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={url} aria-label="副屏链接" data-testid="screen-link" />
            <Button
              icon={<CopyOutlined />}
              onClick={() =>
                void navigator.clipboard?.writeText(url).then(
                  () => feedback.success('已复制副屏链接'),
                  () => feedback.error('复制失败，请手动选择链接复制'),
                )
              }
            >
              复制
            </Button>
            <Button icon={<DesktopOutlined />} onClick={() => window.open(url, '_blank', 'noopener')}>
              打开副屏
            </Button>
          </Space.Compact>
        ) : (
          <Alert type="info" showIcon title="尚未生成副屏链接，或链接已停用" />
        )}
        <Space>
          <Popconfirm
            title={url ? '重新生成后旧链接立即失效，确定？' : '生成副屏链接？'}
            okText="确定"
            cancelText="取消"
            onConfirm={() => change.mutate('regenerate', {})}
          >
            <Button type="primary" loading={change.isPending}>
              {url ? '重新生成链接' : '生成链接'}
            </Button>
          </Popconfirm>
          {url && (
            <Popconfirm
              title="停用后副屏立即无法显示，确定？"
              okText="停用"
              cancelText="取消"
              onConfirm={() => change.mutate('revoke', {})}
            >
              <Button danger>停用链接</Button>
            </Popconfirm>
          )}
        </Space>
      </Space>
    </Card>
  );
}
