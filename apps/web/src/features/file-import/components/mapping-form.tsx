import { type FileImportJob, importFields } from '@netbar/contract';
import { Button, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useCheckImport } from '../api/file-import-mutations';

/** Step 2: which column of the file feeds each field (the preset's guess, editable), then the dry run. */
export function MappingForm({ job }: { job: FileImportJob }) {
  const [mapping, setMapping] = useState<Record<string, string>>(job.mapping);
  const check = useCheckImport({ success: '已开始校验' });
  const fields = importFields(job.kind);
  const unused = job.headers.filter((h) => !Object.values(mapping).includes(h));
  return (
    <>
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={[...fields]}
        columns={[
          {
            title: '字段',
            dataIndex: 'label',
            width: 160,
            render: (l: string, f) => (
              <span>
                {f.required && <Typography.Text type="danger">* </Typography.Text>}
                {l}
              </span>
            ),
          },
          {
            title: '文件中的列',
            key: 'col',
            render: (_: unknown, f) => (
              <Select
                aria-label={`${f.label}对应的列`}
                style={{ width: 260 }}
                allowClear
                placeholder="不导入"
                value={mapping[f.key] || undefined}
                onChange={(v?: string) => setMapping((m) => ({ ...m, [f.key]: v ?? '' }))}
                options={job.headers.map((h) => ({ value: h, label: h }))}
              />
            ),
          },
        ]}
      />
      {unused.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          不导入的列：{unused.join('、')}
        </Typography.Paragraph>
      )}
      <Button
        type="primary"
        style={{ marginTop: 12 }}
        loading={check.isPending}
        onClick={() => check.mutate({ id: job.id, mapping })}
      >
        开始校验（试导入）
      </Button>
    </>
  );
}
