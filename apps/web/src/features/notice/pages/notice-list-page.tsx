import { Badge, Tag } from 'antd';
import { Link } from 'react-router';
import { PageTable } from '../../../components/page-table';
import { noticeKeys } from '../api/notice-keys';
import { fetchNoticeList, type NoticeRow } from '../api/notice-list';
import { formatEpoch } from '../format';

const isRead = (row: NoticeRow) => row.is_read === true || row.is_read === 1;

const columns = [
  {
    title: '标题',
    dataIndex: 'title',
    render: (title: string, row: NoticeRow) => (
      <Link to={`/notice/detail/${row.id}`} style={{ fontWeight: isRead(row) ? 400 : 600 }}>
        {isRead(row) ? (
          title
        ) : (
          <Badge dot offset={[6, 0]}>
            {title}
          </Badge>
        )}
      </Link>
    ),
  },
  {
    title: '发布时间',
    dataIndex: 'publish_time',
    width: 200,
    render: (t: number) => formatEpoch(t),
  },
  {
    title: '状态',
    key: 'is_read',
    width: 100,
    render: (_: unknown, row: NoticeRow) => (isRead(row) ? <Tag>已读</Tag> : <Tag color="red">未读</Tag>),
  },
];

/** /notice/list: the message centre. */
export default function NoticeListPage() {
  return (
    <PageTable<NoticeRow>
      title="消息中心"
      queryKey={noticeKeys.lists()}
      fetcher={fetchNoticeList}
      columns={columns}
      rowKey="id"
    />
  );
}
