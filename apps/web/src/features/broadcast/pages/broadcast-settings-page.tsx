import {
  BROADCAST_EVENT_LABELS,
  BROADCAST_EVENTS,
  type BroadcastSettings,
  renderTemplate,
} from '@netbar/contract';
import { Alert, App, Button, Card, Form, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { announceQueue } from '../announcer/announce-queue';
import { browserSpeechEnv, speak } from '../announcer/speech';
import { useSaveBroadcastSettings } from '../api/broadcast-mutations';
import { useBroadcastSettings } from '../api/broadcast-queries';
import { EventRows } from '../components/event-rows';
import { SAMPLE_VARS } from '../components/sample-vars';
import { useZhVoices } from '../components/use-zh-voices';
import { VoiceFields } from '../components/voice-fields';

const INTRO =
  '客户机点单、呼叫网管、余额不足、会员生日上机和现场抽奖中奖时，本店登录中的控制台会用中文语音播报；' +
  '浏览器没有中文语音时以提示音代替。首次播报前需在页面上点击一次，浏览器才允许播放声音。';

interface Values extends Omit<BroadcastSettings, 'quiet_start' | 'quiet_end'> {
  quiet_start: Dayjs;
  quiet_end: Dayjs;
}

const toForm = (s: BroadcastSettings): Values => ({
  ...s,
  quiet_start: dayjs(s.quiet_start, 'HH:mm'),
  quiet_end: dayjs(s.quiet_end, 'HH:mm'),
});
const fromForm = (v: Values): BroadcastSettings => ({
  ...v,
  events: BROADCAST_EVENTS.map((event, i) => ({
    event,
    enabled: !!v.events[i]?.enabled,
    template: String(v.events[i]?.template ?? '').trim(),
  })),
  quiet_start: v.quiet_start.format('HH:mm'),
  quiet_end: v.quiet_end.format('HH:mm'),
});

/**
 * 语音播报设置 (/application_manage/broadcast_settings 10504, decision 189): per event a switch and a
 * template with its variables and 试听; the voice from this browser's Chinese voices, rate, volume,
 * repeat and quiet hours. The console speaks with what is saved, on every page, for the current store.
 */
export default function BroadcastSettingsPage() {
  const q = useBroadcastSettings();
  const [form] = Form.useForm<Values>();
  const voices = useZhVoices();
  const { message } = App.useApp();
  const save = useSaveBroadcastSettings({ success: '保存成功' });
  useEffect(() => {
    if (q.data) form.setFieldsValue(toForm(q.data));
  }, [q.data, form]);

  if (q.isLoading) return <Spin />;
  if (q.isError || !q.data) return <Alert type="error" showIcon title="加载语音播报设置失败" />;

  const tryEvent = async (i: number) => {
    const event = BROADCAST_EVENTS[i]!;
    try {
      await form.validateFields([['events', i, 'template']]);
    } catch {
      return;
    }
    const v = form.getFieldsValue(true) as Values;
    const text = renderTemplate(
      String(form.getFieldValue(['events', i, 'template']) ?? ''),
      SAMPLE_VARS[event],
    );
    message.info(`试听「${BROADCAST_EVENT_LABELS[event]}」：${text}`);
    announceQueue.push(async () => {
      const how = await speak(browserSpeechEnv(), text, v);
      if (how === 'chime') message.info('本机没有中文语音，已播放提示音');
      if (how === 'none') message.warning('浏览器未允许播放声音，请点击页面后再试');
    });
  };
  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    save.mutate(fromForm({ ...(form.getFieldsValue(true) as Values), ...v }));
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {!q.data.app_on && (
        <Alert type="warning" showIcon title="语音播报应用已停用，控制台不会播报；可在应用中心开通" />
      )}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {INTRO}
      </Typography.Paragraph>
      <Form form={form} layout="horizontal" labelCol={{ flex: '100px' }} onFinish={submit}>
        <Card title="播报事件与模板" style={{ marginBottom: 16 }}>
          <EventRows onTry={(i) => void tryEvent(i)} />
        </Card>
        <Card title="语音与免打扰" style={{ marginBottom: 16 }}>
          <VoiceFields voices={voices} />
        </Card>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
          {q.data.saved ? (
            <Typography.Text type="secondary">
              {q.data.updated_by} 于 {q.data.updated_at} 保存
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">尚未保存，当前为默认设置</Typography.Text>
          )}
        </Space>
      </Form>
    </Space>
  );
}
