import {
  fenToYuan,
  SMS_MAX_CHARS,
  SMS_MAX_SEGMENTS,
  SMS_OPT_OUT_TEXT,
  smsFullText,
  smsSegments,
} from '@netbar/contract';
import {
  Alert,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useSaveCampaign } from '../api/sms-marketing-mutations';
import { useEstimate, useLevels } from '../api/sms-marketing-queries';

interface Values {
  name: string;
  content: string;
  levels?: number[];
  visited_within_days?: number;
  absent_days?: number;
  balance_min?: number;
  balance_max?: number;
  send_at?: Dayjs;
}

const yuanToFen = (v?: number) => (v === undefined || v === null ? undefined : Math.round(v * 100));

/** 新建短信: the text with the store's signature, its segments live, the audience with its live count and cost. */
export function SmsCampaignForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const v = Form.useWatch([], form) ?? ({} as Values);
  const levels = useLevels();
  const save = useSaveCampaign({ success: '已保存为草稿', onSuccess: onClose });
  const audience = {
    levels: (v.levels ?? []).join(','),
    visited_within_days: v.visited_within_days,
    absent_days: v.absent_days,
    balance_min_fen: yuanToFen(v.balance_min),
    balance_max_fen: yuanToFen(v.balance_max),
    content: v.content ?? '',
  };
  const est = useEstimate(audience);
  const store = est.data?.store_name ?? '本店';
  const seg = smsSegments(smsFullText(store, v.content ?? ''));
  const submit = (x: Values) =>
    save.mutate({
      ...audience,
      name: x.name,
      content: x.content,
      send_at: x.send_at ? x.send_at.format('YYYY-MM-DD HH:mm') : undefined,
    });
  return (
    <Modal
      title="新建短信营销"
      open={open}
      width={720}
      okText="保存草稿"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} preserve={false} name="sms-campaign">
        <Form.Item
          name="name"
          label="活动名称"
          rules={[{ required: true, max: 40, message: '请输入1-40个字的活动名称' }]}
        >
          <Input placeholder="如：周末充值送" />
        </Form.Item>
        <Form.Item
          name="content"
          label="短信内容"
          extra={`签名【${store}】自动加在开头；内容须包含“${SMS_OPT_OUT_TEXT}”。70字以内1条，超出按每条67字计，最多${SMS_MAX_SEGMENTS}条（${SMS_MAX_CHARS}字）。`}
          rules={[
            { required: true, message: '请输入短信内容' },
            {
              validator: (_, c?: string) =>
                !c || c.includes(SMS_OPT_OUT_TEXT)
                  ? Promise.resolve()
                  : Promise.reject(new Error(`短信内容必须包含退订提示“${SMS_OPT_OUT_TEXT}”`)),
            },
          ]}
        >
          <Input.TextArea rows={3} placeholder={`周末充值100送20，欢迎光临！${SMS_OPT_OUT_TEXT}`} />
        </Form.Item>
        <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
          <Typography.Text type={seg.segments ? 'secondary' : 'danger'}>
            共 {seg.chars} 字（含签名），
            {seg.segments ? `${seg.segments} 条` : `超过 ${SMS_MAX_CHARS} 字，不能发送`}
          </Typography.Text>
          {seg.parts.map((p, i) => (
            <Typography.Paragraph key={p + String(i)} style={{ margin: 0, fontSize: 12 }}>
              <Tag>第{i + 1}条</Tag>
              {p}
            </Typography.Paragraph>
          ))}
        </Space>
        <Space wrap align="start">
          <Form.Item name="levels" label="会员等级" style={{ width: 260 }}>
            <Select
              mode="multiple"
              allowClear
              placeholder="全部等级"
              options={(levels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
            />
          </Form.Item>
          <Form.Item name="visited_within_days" label="最近N天到店">
            <InputNumber min={1} max={3650} placeholder="不限" />
          </Form.Item>
          <Form.Item name="absent_days" label="N天未到店">
            <InputNumber min={1} max={3650} placeholder="不限" />
          </Form.Item>
          <Form.Item name="balance_min" label="余额≥(元)">
            <InputNumber min={0} precision={2} placeholder="不限" />
          </Form.Item>
          <Form.Item name="balance_max" label="余额≤(元)">
            <InputNumber min={0} precision={2} placeholder="不限" />
          </Form.Item>
        </Space>
        <Form.Item
          name="send_at"
          label="定时发送"
          extra="不填则在点击「发送」时立即发送；21:00-08:00 为免打扰时段，届时顺延至 08:00。"
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder="立即发送" />
        </Form.Item>
        {est.data && (
          <Descriptions size="small" bordered column={3}>
            <Descriptions.Item label="可发送会员">{est.data.recipients} 人</Descriptions.Item>
            <Descriptions.Item label="已退订">{est.data.opted_out} 人</Descriptions.Item>
            <Descriptions.Item label="无手机号">{est.data.no_mobile} 人</Descriptions.Item>
            <Descriptions.Item label="预计费用" span={3}>
              {est.data.recipients} 人 × {seg.segments} 条 × {fenToYuan(est.data.price_fen)} 元 ={' '}
              <Typography.Text strong>
                {fenToYuan(est.data.recipients * seg.segments * est.data.price_fen)} 元
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        )}
        {est.data && est.data.recipients === 0 && (
          <Alert style={{ marginTop: 8 }} type="warning" showIcon message="所选会员中没有可接收短信的会员" />
        )}
      </Form>
    </Modal>
  );
}
