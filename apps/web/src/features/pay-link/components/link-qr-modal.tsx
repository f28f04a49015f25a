import type { PayLinkRow } from '@netbar/contract';
import { fenToYuan } from '@netbar/contract';
import { Button, Modal, QRCode, Space, Typography } from 'antd';
import { feedback } from '../../../lib/feedback';
import { linkUrl } from '../api/pay-link-api';

/** A link's QR code and address: copy it, or open the pay page. */
export function LinkQrModal({ link, onClose }: { link: PayLinkRow | null; onClose: () => void }) {
  const url = link ? linkUrl(link.token) : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      feedback.success('链接已复制');
    } catch {
      feedback.error('复制失败，请手动复制链接');
    }
  };
  return (
    <Modal open={!!link} title="收款二维码" onCancel={onClose} footer={null} width={380} destroyOnHidden>
      {link && (
        <Space orientation="vertical" align="center" style={{ width: '100%' }}>
          <Typography.Text strong>{link.title}</Typography.Text>
          <Typography.Text>
            {link.amount_fen !== null
              ? `¥${fenToYuan(link.amount_fen)}`
              : `¥${fenToYuan(link.min_fen ?? 0)} - ¥${fenToYuan(link.max_fen ?? 0)}`}
          </Typography.Text>
          <QRCode value={url} size={200} />
          <Typography.Paragraph copyable={false} style={{ wordBreak: 'break-all', fontSize: 12 }}>
            {url}
          </Typography.Paragraph>
          <Space>
            <Button onClick={copy}>复制链接</Button>
            <Button type="primary" href={url} target="_blank">
              打开支付页
            </Button>
          </Space>
        </Space>
      )}
    </Modal>
  );
}
