import { shanghaiDateTime, USER_TYPE_LABELS, type UserTypeValue } from '@netbar/contract';
import { Alert, Button, Card, Descriptions, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { useAppState } from '../../../lib/app-state';
import { useProfile } from '../api/security-queries';

/** /user/info: one's own details. */
export default function InfoPage() {
  const type = useAppState((s) => s.user?.type ?? 0);
  const navigate = useNavigate();
  const q = useProfile(type);
  if (q.isError) return <Alert type="error" showIcon title="加载数据失败" />;
  if (!q.data) return <Skeleton active />;
  const p = q.data;
  const items = [
    { label: '通行证账号', children: p.user_name },
    { label: '账号类型', children: USER_TYPE_LABELS[p.type as UserTypeValue] },
    ...(p.netbar_name !== undefined ? [{ label: '网吧名称', children: p.netbar_name }] : []),
    ...(p.agent_name !== undefined ? [{ label: '代理商名称', children: p.agent_name }] : []),
    { label: '真实姓名', children: p.true_name || '-' },
    { label: '手机号', children: p.mobile || '-' },
    { label: '邮箱', children: p.email || '-' },
    { label: 'QQ', children: p.qq || '-' },
    { label: '所在地区', children: [p.province, p.city, p.district].filter(Boolean).join(' / ') || '-' },
    { label: '详细地址', children: p.address || '-' },
    { label: '邮政编码', children: p.postcode || '-' },
    ...(p.machine_count !== undefined
      ? [
          { label: '注册机器数', children: `${p.machine_count} 台` },
          { label: '联系人', children: p.contact || '-' },
        ]
      : []),
    { label: '注册时间', children: shanghaiDateTime(p.created_at * 1000) },
  ];
  return (
    <Card
      title="账号信息"
      extra={
        <Button type="primary" onClick={() => navigate('/user/modifyInfo')}>
          修改资料
        </Button>
      }
    >
      <Descriptions bordered column={2} items={items.map((it, i) => ({ key: i, ...it }))} />
    </Card>
  );
}
