import { Alert, Form, InputNumber, Select, Slider, Space, Switch, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';

/** 语音 (voice, rate, volume, repeat) and 免打扰 (quiet hours) of the settings form. */
export function VoiceFields({ voices }: { voices: SpeechSynthesisVoice[] }) {
  const form = Form.useFormInstance();
  const quiet = Form.useWatch('quiet_enabled', form) as boolean | undefined;
  return (
    <>
      {voices.length === 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="本机浏览器没有中文语音，播报时将以提示音代替"
          description="可在系统中安装中文语音包（如 Windows 的“中文(简体)”语音）后刷新页面。"
        />
      )}
      <Form.Item label="播报语音" name="voice" extra="语音按名称保存；本机没有该语音时使用第一个中文语音">
        <Select
          style={{ maxWidth: 360 }}
          options={[
            { value: '', label: '默认（第一个中文语音）' },
            ...voices.map((v) => ({ value: v.name, label: `${v.name}（${v.lang}）` })),
          ]}
        />
      </Form.Item>
      <Form.Item label="语速" name="rate">
        <Slider
          ariaLabelForHandle="语速"
          min={0.5}
          max={2}
          step={0.1}
          marks={{ 0.5: '慢', 1: '正常', 2: '快' }}
          style={{ maxWidth: 360 }}
        />
      </Form.Item>
      <Form.Item label="音量" name="volume">
        <Slider
          ariaLabelForHandle="音量"
          min={0}
          max={100}
          step={5}
          marks={{ 0: '0', 50: '50', 100: '100' }}
          style={{ maxWidth: 360 }}
        />
      </Form.Item>
      <Form.Item label="重复次数" name="repeat" extra="每条播报连续播放的次数">
        <InputNumber min={1} max={3} precision={0} addonAfter="次" />
      </Form.Item>
      <Form.Item label="免打扰" extra="免打扰时段内不播报；可跨零点，如 23:00 至次日 08:00">
        <Space wrap>
          <Form.Item name="quiet_enabled" valuePropName="checked" noStyle>
            <Switch aria-label="免打扰开关" />
          </Form.Item>
          <Form.Item name="quiet_start" noStyle>
            <TimePicker format="HH:mm" allowClear={false} disabled={!quiet} placeholder="开始时间" />
          </Form.Item>
          <span>至</span>
          <Form.Item
            name="quiet_end"
            noStyle
            dependencies={['quiet_start', 'quiet_enabled']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_r, v: Dayjs | undefined) => {
                  const a = getFieldValue('quiet_start') as Dayjs | undefined;
                  if (getFieldValue('quiet_enabled') && a && v && a.format('HH:mm') === v.format('HH:mm'))
                    return Promise.reject(new Error('免打扰开始与结束时间不能相同'));
                  return Promise.resolve();
                },
              }),
            ]}
          >
            <TimePicker format="HH:mm" allowClear={false} disabled={!quiet} placeholder="结束时间" />
          </Form.Item>
        </Space>
      </Form.Item>
    </>
  );
}
