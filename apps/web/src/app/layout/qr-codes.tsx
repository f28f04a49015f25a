import { Space, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';

function QrBlock({ url, caption }: { url: string; caption: string }) {
  return (
    <div style={{ textAlign: 'center', width: 140 }}>
      {url ? (
        <QRCodeSVG value={url} size={120} marginSize={1} title={caption} />
      ) : (
        <div style={{ height: 120, lineHeight: '120px', color: '#666', background: '#fafafa' }}>暂未配置</div>
      )}
      <Typography.Text style={{ display: 'block', marginTop: 6 }}>{caption}</Typography.Text>
    </div>
  );
}

/** The two QR codes: official account and staff mini-program (drawn with qrcode.react). */
export default function QrCodes({ officialUrl, staffUrl }: { officialUrl: string; staffUrl: string }) {
  return (
    <Space size="large" align="start" data-testid="qr-codes">
      <QrBlock url={officialUrl} caption="微信公众号" />
      <QrBlock url={staffUrl} caption="员工小程序" />
    </Space>
  );
}
