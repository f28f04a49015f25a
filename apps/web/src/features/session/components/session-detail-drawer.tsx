import { Descriptions, Drawer, Table } from 'antd';
import { useSessionDetail } from '../api/session-queries';
import { durationText, yuan } from './session-format';

const KIND = { base: '基础时段', band: '时段', package: '套餐', minimum: '最低消费' } as const;

/** 计费明细: a session's figures and what its time cost, band by band. */
export function SessionDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useSessionDetail(id);
  const d = q.data;
  return (
    <Drawer open={!!id} size={640} title="计费明细" onClose={onClose} loading={q.isLoading}>
      {d && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="会员">{d.member_name}</Descriptions.Item>
            <Descriptions.Item label="机器">{`${d.machine_name}（${d.area_name}）`}</Descriptions.Item>
            <Descriptions.Item label="上机时间">{d.started_at}</Descriptions.Item>
            <Descriptions.Item label="下机时间">{d.ended_at ?? '上机中'}</Descriptions.Item>
            <Descriptions.Item label="计费方案">{d.plan_name}</Descriptions.Item>
            <Descriptions.Item label="下机方式">{d.end_reason ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="计费时长">{durationText(d.minutes)}</Descriptions.Item>
            <Descriptions.Item label="已扣费">{yuan(d.charged_fen)}</Descriptions.Item>
          </Descriptions>
          <Table
            style={{ marginTop: 16 }}
            size="small"
            rowKey={(_, i) => String(i)}
            pagination={false}
            dataSource={d.charge.lines}
            columns={[
              { title: '类型', dataIndex: 'kind', render: (k: keyof typeof KIND) => KIND[k] },
              { title: '名称', dataIndex: 'name' },
              { title: '时长', dataIndex: 'minutes', render: (m: number) => (m ? durationText(m) : '-') },
              { title: '金额', dataIndex: 'fen', align: 'right', render: yuan },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={3}>
                  按费率计算（每开始一分钟计费）
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {yuan(d.charge.total_fen)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        </>
      )}
    </Drawer>
  );
}
