import { LockOutlined, MailOutlined, MobileOutlined } from '@ant-design/icons';
import { Alert, Button, Card, List, Progress, Skeleton } from 'antd';
import { useState } from 'react';
import { useSecurityInfo } from '../api/security-queries';
import { ContactChangeModal } from '../components/contact-change-modal';
import { PasswordChangeModal } from '../components/password-change-modal';

const LEVEL = { 1: ['低', '#cf1322'], 2: ['中', '#874d00'], 3: ['高', '#237804'] } as const;

/** /user/safe: password, bound mobile, bound email. */
export default function SafePage() {
  const info = useSecurityInfo();
  const [open, setOpen] = useState<'password' | 'mobile' | 'email' | null>(null);
  if (info.isError) return <Alert type="error" showIcon title="加载数据失败" />;
  if (!info.data) return <Skeleton active />;
  const d = info.data;
  const [label, color] = LEVEL[d.level];
  // the contact mutation reloads the summary
  const done = () => setOpen(null);
  const items = [
    {
      key: 'password' as const,
      icon: <LockOutlined />,
      title: '登录密码',
      desc: '建议定期更换，密码为6-16位字母、数字或下划线',
      action: '修改',
    },
    {
      key: 'mobile' as const,
      icon: <MobileOutlined />,
      title: '绑定手机',
      desc: d.has_mobile ? `已绑定 ${d.mobile}，可用于找回密码和接收安全验证` : '未绑定',
      action: d.has_mobile ? '更换' : '绑定',
    },
    {
      key: 'email' as const,
      icon: <MailOutlined />,
      title: '绑定邮箱',
      desc: d.has_email ? `已绑定 ${d.email}` : '未绑定，绑定后可通过邮箱找回密码',
      action: d.has_email ? '更换' : '绑定',
    },
  ];
  return (
    <Card title={`账号安全：${d.user_name}`}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 16 }}>
        <span>
          安全等级：<b style={{ color }}>{label}</b>
        </span>
        <Progress
          aria-label={`安全等级：${label}`}
          percent={Math.round((d.level / 3) * 100)}
          showInfo={false}
          strokeColor={color}
          style={{ width: 240 }}
        />
      </div>
      <List
        itemLayout="horizontal"
        dataSource={items}
        renderItem={(it) => (
          <List.Item
            actions={[
              <Button key="a" type="link" onClick={() => setOpen(it.key)}>
                {it.action}
              </Button>,
            ]}
          >
            <List.Item.Meta
              avatar={<span style={{ fontSize: 22, color: '#1261d6' }}>{it.icon}</span>}
              title={it.title}
              description={it.desc}
            />
          </List.Item>
        )}
      />
      <PasswordChangeModal open={open === 'password'} onClose={() => setOpen(null)} />
      {open === 'mobile' && (
        <ContactChangeModal
          channel="mobile"
          current={d.has_mobile ? d.mobile : ''}
          open
          onClose={() => setOpen(null)}
          onDone={done}
        />
      )}
      {open === 'email' && (
        <ContactChangeModal
          channel="email"
          current={d.has_email ? d.email : ''}
          open
          onClose={() => setOpen(null)}
          onDone={done}
        />
      )}
    </Card>
  );
}
