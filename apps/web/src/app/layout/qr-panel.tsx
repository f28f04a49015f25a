import { QrcodeOutlined } from '@ant-design/icons';
import { Button, Popover, Space, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useAppStore } from '../../store/app-store';

function QrBlock({ url, caption }: { url: string; caption: string }) {
  return (
    <div style={{ textAlign: 'center', width: 140 }}>
      {url ? (
        <QRCodeSVG value={url} size={120} marginSize={1} title={caption} />
      ) : (
        <div style={{ height: 120, lineHeight: '120px', color: '#999', background: '#fafafa' }}>暂未配置</div>
      )}
      <Typography.Text style={{ display: 'block', marginTop: 6 }}>{caption}</Typography.Text>
    </div>
  );
}

/** The hover panel with the official-account and staff mini-program QR codes from the site config. */
export function QrPanel() {
  const site = useAppStore((s) => s.site);
  const content = (
    <Space size="large" align="start">
      <QrBlock url={site.official_qr_url} caption="微信公众号" />
      <QrBlock url={site.staff_qr_url} caption="员工小程序" />
    </Space>
  );
  return (
    <Popover content={content} trigger="hover" placement="bottomRight">
      <Button type="text" icon={<QrcodeOutlined />}>
        扫码关注
      </Button>
    </Popover>
  );
}
