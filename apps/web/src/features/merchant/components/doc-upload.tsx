import { PlusOutlined } from '@ant-design/icons';
import { MERCHANT_DOC_LABELS, MERCHANT_DOC_MAX_BYTES, type MerchantDocKind } from '@netbar/contract';
import { Image, Spin, Upload } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../lib/feedback';
import { uploadDoc } from '../api/merchant-api';

/**
 * One document of the form: pick a picture, it is uploaded at once (the server checks it by content,
 * strips EXIF and answers a signed link), and the form field holds the document's id.
 */
export function DocUpload({
  kind,
  value,
  url,
  onChange,
}: {
  kind: MerchantDocKind;
  value?: number;
  url?: string;
  onChange?: (id: number) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | undefined>(url);
  const label = MERCHANT_DOC_LABELS[kind];
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <Upload
        accept="image/png,image/jpeg,image/gif,image/webp"
        listType="picture-card"
        showUploadList={false}
        aria-label={`上传${label}`}
        beforeUpload={(file) => {
          if (file.size > MERCHANT_DOC_MAX_BYTES) {
            feedback.error('图片不能超过5MB');
            return Upload.LIST_IGNORE;
          }
          setBusy(true);
          uploadDoc(kind, file)
            .then((d) => {
              setPreview(d.url);
              onChange?.(d.id);
            })
            .catch(() => {
              // the request client showed the reason
            })
            .finally(() => setBusy(false));
          return false;
        }}
      >
        {busy ? (
          <Spin />
        ) : (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{value ? '重新上传' : label}</div>
          </div>
        )}
      </Upload>
      {value && preview ? (
        <Image src={preview} alt={label} width={104} height={104} style={{ objectFit: 'cover' }} />
      ) : null}
    </div>
  );
}
