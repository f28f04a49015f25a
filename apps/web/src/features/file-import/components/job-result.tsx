import {
  FILE_IMPORT_STATUS_LABELS,
  type FileImportJob,
  fenToYuan,
  type ImportTally,
  ROW_OUTCOME_LABELS,
} from '@netbar/contract';
import { Alert, Button, Descriptions, Progress, Space, Table, Tag } from 'antd';
import { fileImportApi } from '../api/file-import-api';
import { useCommitImport, useResumeImport } from '../api/file-import-mutations';
import { ReconcileTable } from './reconcile-table';

function Tally({ t, title }: { t: ImportTally; title: string }) {
  return (
    <Descriptions size="small" bordered column={4} title={title} style={{ marginTop: 12 }}>
      <Descriptions.Item label="数据行">{t.rows}</Descriptions.Item>
      <Descriptions.Item label="新增">{t.create}</Descriptions.Item>
      <Descriptions.Item label="更新">{t.update}</Descriptions.Item>
      <Descriptions.Item label="跳过">{t.skip}</Descriptions.Item>
      <Descriptions.Item label="本金合计">{fenToYuan(t.principal_fen)} 元</Descriptions.Item>
      <Descriptions.Item label="奖励合计">{fenToYuan(t.bonus_fen)} 元</Descriptions.Item>
      <Descriptions.Item label="积分合计" span={2}>
        {t.points}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Steps 3 and 4: the dry run's figures and problem rows, the commit with its progress, the reconciliation. */
export function JobResult({ job }: { job: FileImportJob }) {
  const commit = useCommitImport({ success: '已开始导入' });
  const resume = useResumeImport({ success: '已继续导入' });
  const total = job.check?.rows ?? 0;
  const writing = job.status === 'running' || job.status === 'interrupted';
  return (
    <div>
      <Space>
        <span>状态：</span>
        <Tag color={job.status === 'done' ? 'green' : job.status === 'interrupted' ? 'red' : 'blue'}>
          {FILE_IMPORT_STATUS_LABELS[job.status]}
        </Tag>
      </Space>
      {job.status === 'checking' && (
        <Alert style={{ marginTop: 12 }} type="info" showIcon title="正在逐行校验，请稍候…" />
      )}
      {job.error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={job.error} />}
      {writing && (
        <Progress
          style={{ marginTop: 12 }}
          percent={total ? Math.floor((job.done.rows * 100) / total) : 0}
          status={job.status === 'interrupted' ? 'exception' : 'active'}
          format={() => `${job.done.rows} / ${total} 行`}
        />
      )}
      {job.check && <Tally t={job.check} title="校验结果（未写入）" />}
      {job.check && job.status === 'checked' && (
        <Space style={{ marginTop: 12 }}>
          <Button onClick={() => void fileImportApi.checkExport(job.id)}>下载校验结果</Button>
          <Button type="primary" loading={commit.isPending} onClick={() => commit.mutate(job.id)}>
            确认导入
          </Button>
        </Space>
      )}
      {job.status === 'interrupted' && (
        <Button
          type="primary"
          style={{ marginTop: 12 }}
          loading={resume.isPending}
          onClick={() => resume.mutate(job.id)}
        >
          继续导入
        </Button>
      )}
      {(job.status === 'done' || writing) && <Tally t={job.done} title="已导入" />}
      {job.status === 'done' && <ReconcileTable id={job.id} />}
      {job.problems.length > 0 && (
        <Table
          style={{ marginTop: 12 }}
          size="small"
          title={() => `需要注意的行（前 ${job.problems.length} 行；完整列表请下载校验结果）`}
          rowKey="row"
          pagination={{ pageSize: 10, showSizeChanger: false }}
          dataSource={job.problems}
          columns={[
            { title: '行号', dataIndex: 'row', width: 80 },
            {
              title: '结果',
              dataIndex: 'outcome',
              width: 80,
              render: (o: 'update' | 'skip') => (
                <Tag color={o === 'skip' ? 'orange' : 'blue'}>{ROW_OUTCOME_LABELS[o]}</Tag>
              ),
            },
            { title: '原因', dataIndex: 'reason' },
          ]}
        />
      )}
    </div>
  );
}
