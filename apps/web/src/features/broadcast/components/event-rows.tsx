import { SoundOutlined } from '@ant-design/icons';
import {
  BROADCAST_EVENT_LABELS,
  BROADCAST_EVENTS,
  BROADCAST_LIMITS,
  BROADCAST_VARS,
  type BroadcastEvent,
  unknownVar,
} from '@netbar/contract';
import { Button, Form, Input, Space, Switch, Table, Tag, Typography } from 'antd';

/** The template rule: not empty, at most 100 characters, only the event's own variables. */
export function templateProblem(event: BroadcastEvent, template: string): string | undefined {
  const label = BROADCAST_EVENT_LABELS[event];
  const t = template.trim();
  if (!t) return `请填写「${label}」的播报模板`;
  if ([...t].length > BROADCAST_LIMITS.templateMax)
    return `「${label}」的播报模板最多${BROADCAST_LIMITS.templateMax}个字符`;
  const bad = unknownVar(event, t);
  if (bad !== undefined)
    return `「${label}」模板中的变量{${bad}}不存在，可用变量：${BROADCAST_VARS[event].map((v) => `{${v}}`).join('')}`;
  return undefined;
}

/**
 * The five events as table rows inside the settings form (`events[i]`): 开关, the template with its
 * variables as tags (a click appends one), and 试听.
 */
export function EventRows({ onTry }: { onTry: (i: number) => void }) {
  const form = Form.useFormInstance();
  // the five events in the contract's order (the server answers them so): row i edits events[i]
  const rows = BROADCAST_EVENTS.map((event, i) => ({ event, i }));
  const append = (i: number, v: string) => {
    const cur = String(form.getFieldValue(['events', i, 'template']) ?? '');
    form.setFieldValue(['events', i, 'template'], `${cur}{${v}}`);
    void form.validateFields([['events', i, 'template']]);
  };
  return (
    <Table
      rowKey="event"
      size="middle"
      pagination={false}
      dataSource={rows}
      columns={[
        {
          title: '播报事件',
          dataIndex: 'event',
          width: 130,
          render: (e: BroadcastEvent) => (
            <Typography.Text strong>{BROADCAST_EVENT_LABELS[e]}</Typography.Text>
          ),
        },
        {
          title: '开启',
          width: 80,
          render: (_, r) => (
            <Form.Item name={['events', r.i, 'enabled']} valuePropName="checked" noStyle>
              <Switch aria-label={`${BROADCAST_EVENT_LABELS[r.event]}播报开关`} />
            </Form.Item>
          ),
        },
        {
          title: '播报模板',
          render: (_, r) => (
            <>
              <Form.Item
                name={['events', r.i, 'template']}
                style={{ marginBottom: 4 }}
                rules={[
                  {
                    validator: (_rule, v) => {
                      const p = templateProblem(r.event, String(v ?? ''));
                      return p ? Promise.reject(new Error(p)) : Promise.resolve();
                    },
                  },
                ]}
              >
                <Input
                  maxLength={BROADCAST_LIMITS.templateMax + 20}
                  aria-label={`${BROADCAST_EVENT_LABELS[r.event]}播报模板`}
                />
              </Form.Item>
              <Space size={4} wrap>
                <Typography.Text type="secondary">可用变量：</Typography.Text>
                {BROADCAST_VARS[r.event].map((v) => (
                  <Tag key={v} color="blue" style={{ cursor: 'pointer' }} onClick={() => append(r.i, v)}>
                    {`{${v}}`}
                  </Tag>
                ))}
              </Space>
            </>
          ),
        },
        {
          title: '操作',
          width: 90,
          render: (_, r) => (
            <Button icon={<SoundOutlined />} onClick={() => onTry(r.i)} data-testid={`try-${r.event}`}>
              试听
            </Button>
          ),
        },
      ]}
    />
  );
}
