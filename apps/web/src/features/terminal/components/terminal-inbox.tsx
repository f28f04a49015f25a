import { AlertOutlined } from '@ant-design/icons';
import { MessageKind, type TerminalMessageRow } from '@netbar/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, List, Popover, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ackMessage, terminalKeys, usePending } from '../api/terminal-messages';
import { describeMessage } from '../describe';
import { useTerminalChannel } from '../use-terminal-channel';

/**
 * The header's live-channel entry for store users: the count of pending seat orders and calls, and a
 * list where staff mark each one done (BUY_DONE / CALL_DOWN go back to the machine).
 */
export function TerminalInbox() {
  const enabled = useTerminalChannel();
  const { data: pending = [] } = usePending(enabled);
  const [open, setOpen] = useState(false);
  if (!enabled) return null;
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      title="待处理的座位订单与呼叫"
      content={<PendingList rows={pending} />}
    >
      <Button
        type="text"
        aria-label={`座位订单与呼叫，${pending.length}条待处理`}
        data-testid="terminal-inbox"
      >
        <Badge count={pending.length} size="small" overflowCount={99}>
          <AlertOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}

function PendingList({ rows }: { rows: TerminalMessageRow[] }) {
  const qc = useQueryClient();
  const ack = useMutation({
    mutationFn: ackMessage,
    onSuccess: (_d, id) =>
      qc.setQueryData<TerminalMessageRow[]>(terminalKeys.pending(), (l) =>
        (l ?? []).filter((x) => x.id !== id),
      ),
  });
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待处理消息" />;
  return (
    <List
      style={{ width: 360, maxHeight: 420, overflow: 'auto' }}
      dataSource={rows}
      renderItem={(m) => {
        const d = describeMessage(m);
        const isCall = m.kind === MessageKind.CALL;
        return (
          <List.Item
            data-testid={`terminal-msg-${m.id}`}
            actions={[
              <Button
                key="ack"
                size="small"
                type="primary"
                loading={ack.isPending && ack.variables === m.id}
                onClick={() => ack.mutate(m.id)}
              >
                {isCall ? '已处理' : '已送达'}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <Space size={6}>
                  <Tag color={isCall ? 'orange' : 'blue'}>{d.tag}</Tag>
                  <span>{d.title}</span>
                </Space>
              }
              description={
                <Space direction="vertical" size={0}>
                  <Typography.Text>{d.detail}</Typography.Text>
                  <Typography.Text type="secondary">{m.created_at}</Typography.Text>
                </Space>
              }
            />
          </List.Item>
        );
      }}
    />
  );
}
