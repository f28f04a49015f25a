import { VENUE_LIMITS } from '@netbar/contract';
import { Button, Card, Form, InputNumber, Popconfirm, Space, Switch, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect } from 'react';
import { useResetLink, useSaveLink } from '../api/venue-mutations';
import { useSeatLink } from '../api/venue-queries';

/** The public seat page's address for a token: a customer scans it or opens it without login. */
export const publicSeatUrl = (token: string, page: 'jiweitu' | 'diagram_preview' = 'jiweitu') =>
  `${window.location.origin}/${page}?token=${encodeURIComponent(token)}`;

/** 公开预订链接: the link and its QR code, the hold time, on/off, and a reset that kills the old link. */
export function SeatLinkPanel() {
  const link = useSeatLink();
  const [form] = Form.useForm<{ hold_minutes: number; enabled: boolean }>();
  const save = useSaveLink({ success: '保存成功' });
  const reset = useResetLink({ success: '链接已重置，旧链接和二维码已失效' });
  useEffect(() => {
    if (link.data) form.setFieldsValue(link.data);
  }, [link.data, form]);
  const url = link.data ? publicSeatUrl(link.data.token) : '';
  return (
    <Card title="公开预订链接" size="small" loading={link.isLoading}>
      <Space align="start" size="large" wrap>
        <div style={{ textAlign: 'center' }}>
          {url ? <QRCodeSVG value={url} size={140} marginSize={1} title="扫码预订机位" /> : null}
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
            顾客扫码查看空闲机位并预订
          </Typography.Text>
        </div>
        <div style={{ maxWidth: 520 }}>
          <Typography.Paragraph
            copyable={{ text: url, tooltips: ['复制链接', '已复制'] }}
            style={{ wordBreak: 'break-all' }}
          >
            <a href={url} target="_blank" rel="noreferrer" data-testid="public-seat-link">
              {url}
            </a>
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            链接只显示机位是否空闲，不显示会员、余额等信息。链接泄露时请重置。
          </Typography.Paragraph>
          <Form form={form} layout="inline" onFinish={(v) => save.mutate(v)}>
            <Form.Item
              name="hold_minutes"
              label="保留时长（分钟）"
              rules={[{ required: true, message: '请输入保留时长' }]}
            >
              <InputNumber
                min={VENUE_LIMITS.holdMinutesMin}
                max={VENUE_LIMITS.holdMinutesMax}
                precision={0}
              />
            </Form.Item>
            <Form.Item name="enabled" label="启用" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  保存
                </Button>
                <Popconfirm
                  title="重置后旧链接和二维码立即失效，确定重置？"
                  onConfirm={() => reset.mutate(undefined)}
                >
                  <Button danger>重置链接</Button>
                </Popconfirm>
              </Space>
            </Form.Item>
          </Form>
        </div>
      </Space>
    </Card>
  );
}
