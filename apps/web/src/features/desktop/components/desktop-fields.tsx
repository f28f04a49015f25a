import { DESKTOP_LIMITS, type DesktopAdvert, type DesktopSaveBody, shanghaiDate } from '@netbar/contract';
import { Button, DatePicker, Form, Input, Select, Space, Table, TimePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import { PictureUpload } from './picture-upload';

interface Props {
  draft: DesktopSaveBody;
  set: (patch: Partial<DesktopSaveBody>) => void;
  areas: { id: number; name: string }[];
}

const time = (v: string) => (v ? dayjs(v === '24:00' ? '23:59' : v, 'HH:mm') : null);

/** Where and when the desktop applies, its wallpaper, ticker and login adverts. */
export function DesktopFields({ draft, set, areas }: Props) {
  const setAdvert = (i: number, a: Partial<DesktopAdvert>) =>
    set({ adverts: draft.adverts.map((x, k) => (k === i ? { ...x, ...a } : x)) });
  return (
    <Form layout="vertical">
      <Form.Item label="适用区域">
        <Select
          aria-label="适用区域"
          value={draft.area_id}
          options={[
            { value: 0, label: '全部区域（默认）' },
            ...areas.map((a) => ({ value: a.id, label: a.name })),
          ]}
          onChange={(area_id: number) => set({ area_id })}
        />
      </Form.Item>
      <Form.Item label="生效时段（北京时间，不填为全天；结束须晚于开始，24:00 请选 23:59）">
        <TimePicker.RangePicker
          format="HH:mm"
          allowEmpty={[true, true]}
          value={[time(draft.band_start), time(draft.band_end)]}
          onChange={(v) => {
            const end = v?.[1]?.format('HH:mm') ?? '';
            set({ band_start: v?.[0]?.format('HH:mm') ?? '', band_end: end === '23:59' ? '24:00' : end });
          }}
        />
      </Form.Item>
      <Form.Item label="壁纸（自动裁剪为 1920×1080，不超过8MB）">
        <Space>
          <PictureUpload
            kind="wallpaper"
            label={draft.wallpaper ? '更换壁纸' : '上传壁纸'}
            onDone={(wallpaper) => set({ wallpaper })}
          />
          {draft.wallpaper ? <Button onClick={() => set({ wallpaper: '' })}>使用默认壁纸</Button> : null}
        </Space>
      </Form.Item>
      <Form.Item label="滚动公告">
        <Input.TextArea
          aria-label="滚动公告"
          value={draft.ticker}
          maxLength={DESKTOP_LIMITS.tickerMax}
          showCount
          autoSize={{ minRows: 2 }}
          onChange={(e) => set({ ticker: e.target.value })}
        />
      </Form.Item>
      <Form.Item label="登录界面广告（按日期展示）">
        <Table<DesktopAdvert & { key: number }>
          size="small"
          pagination={false}
          rowKey="key"
          dataSource={draft.adverts.map((a, key) => ({ ...a, key }))}
          locale={{ emptyText: '暂无广告' }}
          columns={[
            {
              title: '标题',
              render: (_, a) => (
                <Input
                  value={a.title}
                  maxLength={DESKTOP_LIMITS.advertTitleMax}
                  onChange={(e) => setAdvert(a.key, { title: e.target.value })}
                />
              ),
            },
            {
              title: '日期',
              render: (_, a) => (
                <DatePicker.RangePicker
                  value={[dayjs(a.start_date), dayjs(a.end_date)]}
                  allowClear={false}
                  onChange={(v) =>
                    setAdvert(a.key, {
                      start_date: v?.[0]?.format('YYYY-MM-DD') ?? a.start_date,
                      end_date: v?.[1]?.format('YYYY-MM-DD') ?? a.end_date,
                    })
                  }
                />
              ),
            },
            {
              title: '操作',
              render: (_, a) => (
                <Button
                  type="link"
                  danger
                  onClick={() => set({ adverts: draft.adverts.filter((_, k) => k !== a.key) })}
                >
                  删除
                </Button>
              ),
            },
          ]}
        />
        {draft.adverts.length < DESKTOP_LIMITS.advertsMax ? (
          <Space style={{ marginTop: 8 }}>
            <PictureUpload
              kind="advert"
              label="上传广告图片并添加"
              onDone={(image) => {
                const today = shanghaiDate();
                const end = shanghaiDate(Date.now() + 30 * 86_400_000);
                set({
                  adverts: [...draft.adverts, { title: '登录广告', image, start_date: today, end_date: end }],
                });
              }}
            />
            <Typography.Text type="secondary">图片裁剪为 1280×720</Typography.Text>
          </Space>
        ) : null}
      </Form.Item>
    </Form>
  );
}
