import { fenToYuan, type StoreAppRow } from '@netbar/contract';
import { Alert, Button, Card, Col, Popconfirm, Row, Space, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useSwitchApp } from '../api/activity-mutations';
import { useStoreApps } from '../api/activity-queries';

/**
 * 应用中心 (/application_manage/index 10501, decision 174): every app as a card with what it does, its
 * price when it is a paid edition, and 开通/停用. Enabling shows its menu entry; disabling hides it and
 * pauses its activities.
 */
export default function AppCentrePage() {
  const apps = useStoreApps();
  const sw = useSwitchApp({ success: (r) => (r.enabled ? `已开通「${r.title}」` : `已停用「${r.title}」`) });
  if (apps.isLoading) return <Spin />;
  if (apps.isError) return <Alert type="error" title="应用列表加载失败" />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title="开通应用后，菜单中显示其入口；停用后入口隐藏，进行中的活动自动暂停，重新开通后恢复。付费应用按所属版本的产品定价计费（每台每月）。"
      />
      <Row gutter={[16, 16]}>
        {(apps.data ?? []).map((a) => (
          <Col key={a.key} xs={24} sm={12} lg={8} xl={6}>
            <AppCard
              app={a}
              busy={sw.isPending && sw.variables?.key === a.key}
              onSwitch={(enabled) => sw.mutate({ key: a.key, enabled })}
            />
          </Col>
        ))}
      </Row>
    </Space>
  );
}

function AppCard({
  app,
  busy,
  onSwitch,
}: {
  app: StoreAppRow;
  busy: boolean;
  onSwitch: (on: boolean) => void;
}) {
  return (
    <Card
      size="small"
      data-testid={`app-${app.key}`}
      title={app.title}
      extra={app.enabled ? <Tag color="green">已开通</Tag> : <Tag>未开通</Tag>}
      actions={[
        app.enabled ? (
          <Popconfirm
            key="off"
            title={`停用「${app.title}」？`}
            description="停用后菜单入口隐藏，进行中的活动将暂停"
            okText="停用"
            cancelText="取消"
            onConfirm={() => onSwitch(false)}
          >
            <Button type="link" danger loading={busy}>
              停用
            </Button>
          </Popconfirm>
        ) : (
          <Button key="on" type="link" loading={busy} onClick={() => onSwitch(true)}>
            开通
          </Button>
        ),
        app.enabled ? (
          <Link key="open" to={app.path}>
            进入应用
          </Link>
        ) : (
          <Typography.Text key="open" type="secondary">
            进入应用
          </Typography.Text>
        ),
      ]}
    >
      <Typography.Paragraph style={{ minHeight: 44, marginBottom: 8 }}>{app.desc}</Typography.Paragraph>
      <Space size="small" wrap>
        {app.edition ? (
          <Tag color="gold">
            {app.edition} ¥{fenToYuan(app.price_fen)}/台/月
          </Tag>
        ) : (
          <Tag color="blue">免费</Tag>
        )}
        {app.activities > 0 && <Tag>活动 {app.activities} 个</Tag>}
      </Space>
    </Card>
  );
}
