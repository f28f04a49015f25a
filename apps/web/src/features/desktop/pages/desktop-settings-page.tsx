import { type DesktopConfigRow, desktopLabel, wallpaperUrl } from '@netbar/contract';
import { Alert, Button, Card, Popconfirm, Space, Spin, Table, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useDeleteDesktop } from '../api/desktop-mutations';
import { useDesktopSettings } from '../api/desktop-queries';

const INTRO =
  '客户机桌面按区域和时段生效：机器先用本区域当前时段的配置，其次本区域全天配置，再次全部区域的时段配置，最后是默认配置。' +
  '客户机每30秒检查一次，桌面未变化时不重新下载。';

/** 桌面设置 (/application_manage/desktop_settings 10503, decision 192): the store's desktops by area and band. */
export default function DesktopSettingsPage() {
  const q = useDesktopSettings();
  const navigate = useNavigate();
  const del = useDeleteDesktop({ success: '删除成功' });
  if (q.isLoading) return <Spin />;
  if (q.isError || !q.data) return <Alert type="error" showIcon title="加载桌面设置失败" />;
  const base = q.data.images_base;
  return (
    <Card
      title="桌面设置"
      extra={
        <Button type="primary" onClick={() => navigate('/custom_desktop')}>
          新增桌面
        </Button>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {q.data.app_on ? null : (
          <Alert type="warning" showIcon title="桌面设置应用已停用，客户机使用默认桌面" />
        )}
        <Typography.Paragraph type="secondary">{INTRO}</Typography.Paragraph>
        <Table<DesktopConfigRow>
          rowKey="id"
          dataSource={q.data.configs}
          pagination={false}
          locale={{ emptyText: '暂无桌面配置，点击“新增桌面”开始' }}
          columns={[
            { title: '区域 · 时段', render: (_, c) => desktopLabel(c) },
            {
              title: '壁纸',
              render: (_, c) =>
                c.wallpaper ? (
                  <img
                    src={wallpaperUrl(base, c.wallpaper, 640)}
                    alt="壁纸"
                    width={128}
                    height={72}
                    style={{ borderRadius: 4, objectFit: 'cover' }}
                  />
                ) : (
                  <Tag>默认壁纸</Tag>
                ),
            },
            {
              title: '图标',
              render: (_, c) =>
                `${c.groups.length} 组 ${c.groups.reduce((n, g) => n + g.icons.length, 0)} 个`,
            },
            { title: '滚动公告', dataIndex: 'ticker', ellipsis: true },
            { title: '登录广告', render: (_, c) => `${c.adverts.length} 条` },
            { title: '更新', render: (_, c) => `${c.updated_at} ${c.updated_by}` },
            {
              title: '操作',
              render: (_, c) => (
                <Space>
                  <Button type="link" onClick={() => navigate(`/custom_desktop?id=${c.id}`)}>
                    编辑
                  </Button>
                  {c.area_id || c.band_start ? (
                    <Popconfirm title="删除这个桌面配置？" onConfirm={() => del.mutate(c.id)}>
                      <Button type="link" danger>
                        删除
                      </Button>
                    </Popconfirm>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
