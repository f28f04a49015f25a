import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Steps } from 'antd';
import { useEffect, useState } from 'react';
import { fileImportKeys } from '../api/file-import-keys';
import { useFileImportJob } from '../api/file-import-queries';
import { ImportHistory } from '../components/import-history';
import { ImportUpload } from '../components/import-upload';
import { JobResult } from '../components/job-result';
import { MappingForm } from '../components/mapping-form';

const STEP: Record<string, number> = {
  uploaded: 1,
  checking: 2,
  checked: 2,
  running: 3,
  interrupted: 3,
  done: 3,
};

/**
 * /basicsSettings/data_import (1110, decision 190): members or goods from the old product's export —
 * upload, column mapping, dry run with a reason per row, commit with progress, reconciliation, history.
 */
export default function DataImportPage() {
  const [id, setId] = useState<number>();
  const job = useFileImportJob(id).data;
  const qc = useQueryClient();
  // the history shows the open job's status too: reload it when the polled status moves
  const status = job?.status;
  useEffect(() => {
    if (status) void qc.invalidateQueries({ queryKey: fileImportKeys.list() });
  }, [status, qc]);
  const step = job ? (STEP[job.status] ?? 0) : 0;
  return (
    <>
      <Card
        title="数据导入"
        extra={id !== undefined && <Button onClick={() => setId(undefined)}>新建导入</Button>}
      >
        <Steps
          current={step}
          style={{ marginBottom: 24 }}
          items={[
            { title: '上传文件' },
            { title: '核对列' },
            { title: '校验（试导入）' },
            { title: '导入与对账' },
          ]}
        />
        {!job && <ImportUpload onUploaded={(j) => setId(j.id)} />}
        {job?.status === 'uploaded' && job.error && (
          <Alert style={{ marginBottom: 12 }} type="error" showIcon title={job.error} />
        )}
        {job?.status === 'uploaded' && <MappingForm key={job.id} job={job} />}
        {job && job.status !== 'uploaded' && <JobResult job={job} />}
      </Card>
      <div style={{ marginTop: 16 }}>
        <ImportHistory onOpen={setId} />
      </div>
    </>
  );
}
