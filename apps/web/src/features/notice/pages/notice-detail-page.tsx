import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Divider, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { noticeKeys } from '../api/notice-keys';
import { useNoticeDetail } from '../api/notice-queries';
import { formatEpoch } from '../format';

/** /notice/detail/:id: opening a notice marks it as read on the server. */
export default function NoticeDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useNoticeDetail(id);

  useEffect(() => {
    if (!detail.data) return;
    queryClient.invalidateQueries({ queryKey: noticeKeys.unread() });
    queryClient.invalidateQueries({ queryKey: noticeKeys.lists() });
  }, [detail.data, queryClient]);

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/notice/list')}>
      返回列表
    </Button>
  );

  if (detail.isLoading) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  if (!detail.data) {
    return (
      <Card extra={back}>
        <Alert type="error" showIcon title="加载数据失败" />
      </Card>
    );
  }
  const notice = detail.data;
  return (
    <Card title="公告详情" extra={back}>
      <Typography.Title level={4} style={{ textAlign: 'center' }}>
        {notice.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        发布时间：{formatEpoch(notice.publish_time)}
      </Typography.Paragraph>
      <Divider />
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', fontSize: 15, lineHeight: 1.8 }}>
        {notice.content}
      </Typography.Paragraph>
    </Card>
  );
}
