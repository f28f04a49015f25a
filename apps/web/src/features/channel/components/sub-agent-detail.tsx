import { Descriptions, Drawer, Skeleton, Tag } from 'antd';
import { useSubAgentDetail } from '../api/channel-queries';

/** 查看: agent_sub_agent_get for one sub-agent. */
export function SubAgentDetail({ agentId, onClose }: { agentId: number | null; onClose: () => void }) {
  const q = useSubAgentDetail(agentId);
  const d = q.data;
  return (
    <Drawer title="下级渠道详情" open={agentId !== null} onClose={onClose} size={480}>
      {!d ? (
        <Skeleton active />
      ) : (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="渠道ID">{d.id}</Descriptions.Item>
          <Descriptions.Item label="渠道名称">{d.name}</Descriptions.Item>
          <Descriptions.Item label="登录账号">{d.user_name}</Descriptions.Item>
          <Descriptions.Item label="联系人">{d.contact}</Descriptions.Item>
          <Descriptions.Item label="手机号">{d.mobile}</Descriptions.Item>
          <Descriptions.Item label="地区">
            {d.province} {d.city} {d.district}
          </Descriptions.Item>
          <Descriptions.Item label="详细地址">{d.address || '—'}</Descriptions.Item>
          <Descriptions.Item label="网吧数">{d.netbar_count}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag color={d.status === 1 ? 'green' : 'default'}>{d.status === 1 ? '正常' : '停用'}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="创建时间">{d.created_at}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
