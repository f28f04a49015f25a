import { InboxOutlined } from '@ant-design/icons';
import {
  FILE_IMPORT_KIND_LABELS,
  FILE_IMPORT_KINDS,
  type FileImportJob,
  type FileImportKind,
  IMPORT_PRESETS,
} from '@netbar/contract';
import { Form, Radio, Select, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useUploadImport } from '../api/file-import-mutations';

/** Step 1: what to import, from which product's export, and the file (sent at once; read by its content). */
export function ImportUpload({ onUploaded }: { onUploaded: (job: FileImportJob) => void }) {
  const [kind, setKind] = useState<FileImportKind>('member');
  const [preset, setPreset] = useState('generic');
  const upload = useUploadImport({ success: '上传成功，请核对列对应关系', onSuccess: onUploaded });
  const expects = IMPORT_PRESETS.find((p) => p.key === preset)?.expects;
  return (
    <Form layout="vertical" name="file-import-upload">
      <Form.Item label="导入内容">
        <Radio.Group
          value={kind}
          onChange={(e) => setKind(e.target.value)}
          options={FILE_IMPORT_KINDS.map((k) => ({ value: k, label: FILE_IMPORT_KIND_LABELS[k] }))}
          optionType="button"
        />
      </Form.Item>
      <Form.Item label="来源产品" help={expects} htmlFor="file-import-preset">
        <Select
          id="file-import-preset"
          style={{ width: 320 }}
          value={preset}
          onChange={setPreset}
          options={IMPORT_PRESETS.map((p) => ({ value: p.key, label: p.label }))}
        />
      </Form.Item>
      <Form.Item label="导入文件" style={{ marginTop: 24 }}>
        <Upload.Dragger
          accept=".xlsx,.csv"
          maxCount={1}
          showUploadList={false}
          disabled={upload.isPending}
          beforeUpload={(file) => {
            upload.mutate({ file, kind, preset });
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{upload.isPending ? '正在上传…' : '点击或拖入原系统导出的 xlsx 或 csv 文件（第一行为表头）'}</p>
          <Typography.Text type="secondary">
            最大 200MB，约可容纳 100 万行会员；上传后先校验，不会直接写入
          </Typography.Text>
        </Upload.Dragger>
      </Form.Item>
    </Form>
  );
}
