import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { SCREEN_LIMITS, type ScreenSlide } from '@netbar/contract';
import { Button, Empty, InputNumber, List, Space, Tag, Upload } from 'antd';
import { useState } from 'react';
import { uploadScreenMedia } from '../api/screen-api';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,video/mp4,video/webm';

interface Props {
  value: ScreenSlide[];
  onChange: (v: ScreenSlide[]) => void;
}

/** The slideshow's files in order: upload (checked by content on the server), move, seconds, remove. */
export function SlideList({ value, onChange }: Props) {
  const [busy, setBusy] = useState(false);
  const move = (i: number, by: number) => {
    const next = [...value];
    const [x] = next.splice(i, 1);
    if (x) next.splice(i + by, 0, x);
    onChange(next);
  };
  const set = (i: number, patch: Partial<ScreenSlide>) =>
    onChange(value.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Upload
        accept={ACCEPT}
        showUploadList={false}
        multiple
        disabled={busy || value.length >= SCREEN_LIMITS.slidesMax}
        customRequest={async ({ file, onSuccess, onError }) => {
          setBusy(true);
          try {
            const r = await uploadScreenMedia(file as Blob);
            onChange([...value, { kind: r.kind, url: r.url, seconds: 8 }]);
            onSuccess?.(r);
          } catch (e) {
            onError?.(e as Error);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          上传图片或视频
        </Button>
      </Upload>
      <span style={{ color: '#595959' }}>
        图片支持 PNG、JPEG、GIF、WebP，视频支持 MP4、WebM（不超过10MB），最多{SCREEN_LIMITS.slidesMax}
        个，按列表顺序轮播
      </span>
      {value.length === 0 ? (
        <Empty description="暂无轮播素材，空闲时副屏显示“欢迎光临”" />
      ) : (
        <List
          bordered
          dataSource={value}
          renderItem={(s, i) => (
            <List.Item
              data-testid="slide-row"
              actions={[
                <Button
                  key="up"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label="上移"
                />,
                <Button
                  key="down"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={i === value.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label="下移"
                />,
                <Button
                  key="del"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                >
                  删除
                </Button>,
              ]}
            >
              <Space>
                <span style={{ width: 24 }}>{i + 1}</span>
                {s.kind === 'image' ? (
                  <img
                    src={s.url}
                    alt={`素材${i + 1}`}
                    style={{ width: 128, height: 72, objectFit: 'cover', borderRadius: 4 }}
                  />
                ) : (
                  <video
                    src={s.url}
                    muted
                    style={{ width: 128, height: 72, borderRadius: 4, background: '#000' }}
                  />
                )}
                <Tag color={s.kind === 'image' ? 'blue' : 'purple'}>
                  {s.kind === 'image' ? '图片' : '视频'}
                </Tag>
                {s.kind === 'image' ? (
                  <Space size={4}>
                    停留
                    <InputNumber
                      size="small"
                      min={SCREEN_LIMITS.secondsMin}
                      max={SCREEN_LIMITS.secondsMax}
                      precision={0}
                      value={s.seconds}
                      onChange={(v) => set(i, { seconds: Number(v ?? SCREEN_LIMITS.secondsMin) })}
                      aria-label={`素材${i + 1}停留秒数`}
                    />
                    秒
                  </Space>
                ) : (
                  <span style={{ color: '#595959' }}>播放完自动切换</span>
                )}
              </Space>
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}
