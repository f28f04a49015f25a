import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Image, Space, Upload } from 'antd';
import { useState } from 'react';
import { http } from '../lib/http';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

interface Props {
  value?: string;
  onChange?: (url: string | undefined) => void;
}

/** A form field holding one picture's URL: choose a file, it is uploaded (upload_image) and shown. */
export function ImageUpload({ value, onChange }: Props) {
  const [busy, setBusy] = useState(false);
  if (value) {
    return (
      <Space align="start">
        <Image
          src={value}
          width={72}
          height={72}
          style={{ objectFit: 'cover', borderRadius: 6 }}
          alt="商品图片"
        />
        <Button size="small" icon={<DeleteOutlined />} onClick={() => onChange?.(undefined)}>
          移除
        </Button>
      </Space>
    );
  }
  return (
    <Upload
      accept={ACCEPT}
      listType="picture-card"
      showUploadList={false}
      disabled={busy}
      customRequest={async ({ file, onSuccess, onError }) => {
        const fd = new FormData();
        fd.append('file', file as Blob);
        setBusy(true);
        try {
          const res = await http.post<{ url: string }>('upload_image', fd);
          onChange?.(res.data.url);
          onSuccess?.(res.data);
        } catch (e) {
          onError?.(e as Error);
        } finally {
          setBusy(false);
        }
      }}
    >
      <div>
        <PlusOutlined />
        <div style={{ marginTop: 6 }}>{busy ? '上传中…' : '上传图片'}</div>
      </div>
    </Upload>
  );
}
