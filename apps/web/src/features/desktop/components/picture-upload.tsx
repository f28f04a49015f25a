import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useState } from 'react';
import { type DesktopUploadKind, uploadDesktopPicture } from '../api/desktop-api';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** A button that uploads one picture of a kind and hands back its key (the server checks and resizes it). */
export function PictureUpload({
  kind,
  label,
  onDone,
}: {
  kind: DesktopUploadKind;
  label: string;
  onDone: (key: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Upload
      accept={ACCEPT}
      showUploadList={false}
      disabled={busy}
      customRequest={async ({ file, onSuccess, onError }) => {
        setBusy(true);
        try {
          const r = await uploadDesktopPicture(kind, file as Blob);
          onDone(r.key);
          onSuccess?.(r);
        } catch (e) {
          onError?.(e as Error);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Button icon={<UploadOutlined />} loading={busy}>
        {busy ? '上传中…' : label}
      </Button>
    </Upload>
  );
}
