import { CustomerServiceOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useAppState } from '../../lib/app-state';

/** Opens the configured customer-service chat in a new window. */
export function ServiceButton() {
  const url = useAppState((s) => s.site.service_chat_url);
  const { message } = App.useApp();
  const open = () => {
    if (!url) {
      message.info('在线客服暂未开通');
      return;
    }
    window.open(url, '_blank', 'noopener');
  };
  return (
    <Button type="text" icon={<CustomerServiceOutlined />} onClick={open}>
      在线客服
    </Button>
  );
}
