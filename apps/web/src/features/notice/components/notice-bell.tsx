import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAppState } from '../../../lib/app-state';
import { noticeKeys } from '../api/notice-keys';
import { useUnreadCount } from '../api/notice-queries';
import { startNoticeTimer } from '../notice-timer';

/** The message-centre bell with its unread count; hidden, and no polling, for a netbar-client login. */
export function NoticeBell() {
  const netbarLogin = useAppState((s) => s.netbarLogin);
  const loggedIn = useAppState((s) => s.user !== null);
  const enabled = loggedIn && !netbarLogin;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: count = 0 } = useUnreadCount(enabled);

  useEffect(() => {
    if (!enabled) return undefined;
    return startNoticeTimer(() => {
      queryClient.invalidateQueries({ queryKey: noticeKeys.unread() });
    });
  }, [enabled, queryClient]);

  if (!enabled) return null;
  return (
    <Tooltip title="消息中心">
      <Button type="text" aria-label="消息中心" onClick={() => navigate('/notice/list')}>
        <Badge count={count} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Tooltip>
  );
}
