import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  firstZodMessage,
  SCREEN_LIMITS,
  type ScreenSettings,
  type ScreenWindow,
  screenSaveBody,
} from '@netbar/contract';
import { Alert, Button, Card, Col, DatePicker, Input, Row, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { feedback } from '../../../lib/feedback';
import { useSaveScreenSettings } from '../api/screen-mutations';
import { useScreenSettings } from '../api/screen-queries';
import { LinkCard } from '../components/link-card';
import { SlideList } from '../components/slide-list';

const EMPTY: ScreenSettings = { slides: [], start_date: '', end_date: '', windows: [] };

/**
 * 副屏设置 (/application_manage/secondary_screen 10520, decision 191): the idle slideshow (uploaded images
 * and videos in order, seconds per image), when it plays (dates and daily windows), and the screen's link.
 * The form is checked with the contract's schema before sending; the server checks it again.
 */
export default function ScreenSettingsPage() {
  const q = useScreenSettings();
  const [v, setV] = useState<ScreenSettings>(EMPTY);
  const save = useSaveScreenSettings({ success: '保存成功' });
  useEffect(() => {
    if (q.data)
      setV({
        slides: q.data.slides,
        start_date: q.data.start_date,
        end_date: q.data.end_date,
        windows: q.data.windows,
      });
  }, [q.data]);

  if (q.isLoading) return <Spin />;
  if (q.isError || !q.data) return <Alert type="error" showIcon title="加载副屏设置失败" />;

  const setWindow = (i: number, patch: Partial<ScreenWindow>) =>
    setV({ ...v, windows: v.windows.map((w, j) => (j === i ? { ...w, ...patch } : w)) });
  const submit = () => {
    const parsed = screenSaveBody.safeParse(v);
    if (!parsed.success) return feedback.error(firstZodMessage(parsed.error));
    save.mutate(parsed.data);
  };
  const day = (s: string) => (s ? dayjs(s) : null);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {!q.data.app_on && (
        <Alert type="warning" showIcon title="副屏设置应用已在应用中心关闭，副屏链接暂不可用" />
      )}
      <LinkCard link={q.data.link} />
      <Card title="空闲轮播" size="small">
        <SlideList value={v.slides} onChange={(slides) => setV({ ...v, slides })} />
      </Card>
      <Card title="播放时间" size="small">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            在日期范围与每日时段内播放轮播（北京时间）；不填日期表示长期有效，不添加时段表示全天播放；其余时间显示“欢迎光临”。
          </Typography.Text>
          <Row gutter={12}>
            <Col>
              <Space>
                开始日期
                <DatePicker
                  value={day(v.start_date)}
                  onChange={(d) => setV({ ...v, start_date: d ? d.format('YYYY-MM-DD') : '' })}
                  aria-label="开始日期"
                />
              </Space>
            </Col>
            <Col>
              <Space>
                结束日期
                <DatePicker
                  value={day(v.end_date)}
                  onChange={(d) => setV({ ...v, end_date: d ? d.format('YYYY-MM-DD') : '' })}
                  aria-label="结束日期"
                />
              </Space>
            </Col>
          </Row>
          {v.windows.map((w, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the windows have no id of their own
            <Space key={i} data-testid="window-row">
              每日时段{i + 1}
              <Input
                style={{ width: 90 }}
                value={w.start}
                placeholder="09:00"
                onChange={(e) => setWindow(i, { start: e.target.value.trim() })}
                aria-label={`时段${i + 1}开始`}
              />
              至
              <Input
                style={{ width: 90 }}
                value={w.end}
                placeholder="24:00"
                onChange={(e) => setWindow(i, { end: e.target.value.trim() })}
                aria-label={`时段${i + 1}结束`}
              />
              <Button
                size="small"
                icon={<DeleteOutlined />}
                onClick={() => setV({ ...v, windows: v.windows.filter((_, j) => j !== i) })}
                aria-label={`删除时段${i + 1}`}
              />
            </Space>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={v.windows.length >= SCREEN_LIMITS.windowsMax}
            onClick={() => setV({ ...v, windows: [...v.windows, { start: '09:00', end: '24:00' }] })}
          >
            添加时段
          </Button>
        </Space>
      </Card>
      <Space>
        <Button type="primary" onClick={submit} loading={save.isPending}>
          保存
        </Button>
        {q.data.updated_at && (
          <Typography.Text type="secondary">
            {q.data.updated_by} 于 {q.data.updated_at} 修改
          </Typography.Text>
        )}
      </Space>
    </Space>
  );
}
