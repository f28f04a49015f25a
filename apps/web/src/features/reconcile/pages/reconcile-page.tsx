import {
  DIFF_KIND_LABELS,
  DIFF_KINDS,
  type DiffKind,
  fenToYuan,
  LINE_KIND_LABELS,
  type ReconcileDiff,
  type ReconcileRun,
  shanghaiDate,
} from '@netbar/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  DatePicker,
  Drawer,
  Form,
  Select,
  Space,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ChoiceFilter, KeywordFilter } from '../../../components/list-filters';
import { PageTable } from '../../../components/page-table';
import { useInvalidatingMutation } from '../../../lib/mutations';
import {
  type DiffFilters,
  exportDiffs,
  fetchDiffs,
  fetchProviders,
  fetchRuns,
  type RunFilters,
  reconcileKeys,
  runReconcile,
} from '../api/reconcile-api';

const yuan = (fen: number | null) => (fen == null ? '-' : `¥${fenToYuan(fen)}`);
const STATUS_COLOR = { 进行中: 'blue', 已完成: 'green', 失败: 'red' } as const;
const KIND_COLOR: Record<DiffKind, string> = {
  missing_ours: 'volcano',
  missing_theirs: 'orange',
  amount: 'red',
  status: 'purple',
};
const KIND_OPTIONS = DIFF_KINDS.map((k) => ({ value: k, label: DIFF_KIND_LABELS[k] }));
const differences = (r: ReconcileRun) =>
  r.missing_ours + r.missing_theirs + r.amount_mismatch + r.status_mismatch;

/** 重新对账: a day (today at the latest) and a provider. */
function RunForm({ providers }: { providers: string[] }) {
  const [form] = Form.useForm<{ day: Dayjs; provider: string }>();
  const run = useInvalidatingMutation(runReconcile, [reconcileKeys.all], {
    success: (r) => (r.data.status === '已完成' ? `对账完成：${differences(r.data)}条差异` : r.data.error),
  });
  const submit = async () => {
    let v: { day: Dayjs; provider: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    run.mutate({ day: v.day.format('YYYY-MM-DD'), provider: v.provider });
  };
  return (
    <Form
      form={form}
      layout="inline"
      name="reconcile-run"
      initialValues={{ day: dayjs(shanghaiDate()).subtract(1, 'day'), provider: 'sandbox' }}
    >
      <Form.Item name="day" rules={[{ required: true, message: '请选择对账日期' }]}>
        <DatePicker
          aria-label="对账日期"
          allowClear={false}
          disabledDate={(d) => d.format('YYYY-MM-DD') > shanghaiDate()}
        />
      </Form.Item>
      <Form.Item name="provider" rules={[{ required: true, message: '请选择支付通道' }]}>
        <Select
          aria-label="支付通道"
          style={{ width: 130 }}
          options={providers.map((p) => ({ value: p, label: p }))}
        />
      </Form.Item>
      <Button type="primary" loading={run.isPending} onClick={submit}>
        重新对账
      </Button>
    </Form>
  );
}

/** One run's differences: filter by kind or a number, pages 10/20/30/50, export with a 合计 row. */
function DiffDrawer({ run, onClose }: { run: ReconcileRun | null; onClose: () => void }) {
  const columns: TableColumnsType<ReconcileDiff> = [
    {
      title: '差异类型',
      dataIndex: 'kind',
      width: 100,
      render: (k: DiffKind) => (
        <Tag color={KIND_COLOR[k]} title={DIFF_KIND_LABELS[k]}>
          {DIFF_KIND_LABELS[k].split('（')[0]}
        </Tag>
      ),
    },
    {
      title: '类型',
      dataIndex: 'line_kind',
      width: 60,
      render: (k: 'pay' | 'refund') => LINE_KIND_LABELS[k],
    },
    { title: '门店', dataIndex: 'netbar_name', render: (v: string) => v || '-' },
    {
      title: '单号',
      key: 'no',
      render: (_, d) => (
        <>
          <div>{d.payment_no || '-'}</div>
          {d.refund_no ? <Typography.Text type="secondary">退款 {d.refund_no}</Typography.Text> : null}
        </>
      ),
    },
    { title: '通道交易号', dataIndex: 'txn_id', render: (v: string) => v || '-' },
    { title: '我方金额', dataIndex: 'our_amount_fen', align: 'right', render: yuan },
    { title: '通道金额', dataIndex: 'their_amount_fen', align: 'right', render: yuan },
    { title: '我方状态', dataIndex: 'our_status', width: 90, render: (v: string) => v || '-' },
    { title: '时间', dataIndex: 'at', width: 170, render: (v: string | null) => v ?? '-' },
  ];
  return (
    <Drawer
      open={!!run}
      onClose={onClose}
      size={1240}
      title={run ? `对账差异 · ${run.day} · ${run.provider}` : ''}
      destroyOnHidden
    >
      {run ? (
        <PageTable<ReconcileDiff, DiffFilters>
          queryKey={reconcileKeys.diffs(run.id)}
          fetcher={(p) => fetchDiffs({ ...p, run_id: run.id })}
          columns={columns}
          rowKey="id"
          size="small"
          filterFormName="reconcile-diff-filter"
          filterFields={
            <>
              <ChoiceFilter name="kind" label="差异类型" width={220} options={KIND_OPTIONS} />
              <KeywordFilter label="支付单号/交易号/退款单号" width={240} />
            </>
          }
          onExport={(f) => exportDiffs({ ...f, run_id: run.id })}
        />
      ) : null}
    </Drawer>
  );
}

/**
 * 对账 (/merchantManage/reconcile 6130, decision 168): the payment company's daily reconciliation — each
 * day and provider with its counts and totals, 重新对账, and a run's differences.
 */
export default function ReconcilePage() {
  const [open, setOpen] = useState<ReconcileRun | null>(null);
  const providers = useQuery({ queryKey: reconcileKeys.providers(), queryFn: fetchProviders });
  const columns: TableColumnsType<ReconcileRun> = [
    { title: '对账日期', dataIndex: 'day', width: 110 },
    { title: '支付通道', dataIndex: 'provider', width: 90 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (s: ReconcileRun['status'], r) => (
        <Tag
          color={STATUS_COLOR[s]}
          title={r.error || (r.finished_at ? `完成于 ${r.finished_at}` : undefined)}
        >
          {s}
        </Tag>
      ),
    },
    { title: '对账单笔数', dataIndex: 'statement_lines', align: 'right', width: 120 },
    { title: '一致', dataIndex: 'matched', align: 'right' },
    { title: '我方缺失', dataIndex: 'missing_ours', align: 'right' },
    { title: '通道缺失', dataIndex: 'missing_theirs', align: 'right' },
    { title: '金额不符', dataIndex: 'amount_mismatch', align: 'right' },
    { title: '状态不符', dataIndex: 'status_mismatch', align: 'right' },
    {
      title: '通道收款/退款',
      key: 'theirs',
      align: 'right',
      render: (_, r) => (
        <>
          <div>{yuan(r.their_pay_fen)}</div>
          <Typography.Text type="secondary">退 {yuan(r.their_refund_fen)}</Typography.Text>
        </>
      ),
    },
    {
      title: '我方收款/退款',
      key: 'ours',
      align: 'right',
      render: (_, r) => (
        <>
          <div>{yuan(r.our_pay_fen)}</div>
          <Typography.Text type="secondary">退 {yuan(r.our_refund_fen)}</Typography.Text>
        </>
      ),
    },
    {
      title: '操作',
      key: 'ops',
      // kept in view when the table scrolls sideways (1440 px cut 查看差异(1) off)
      fixed: 'right',
      width: 120,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpen(r)} disabled={r.status !== '已完成'}>
            查看差异{r.status === '已完成' ? `(${differences(r)})` : ''}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <>
      <PageTable<ReconcileRun, RunFilters>
        title="对账"
        queryKey={reconcileKeys.runs()}
        fetcher={fetchRuns}
        columns={columns}
        rowKey="id"
        filterFormName="reconcile-filter"
        filterFields={
          <ChoiceFilter
            name="provider"
            label="支付通道"
            width={130}
            options={(providers.data ?? []).map((p) => ({ value: p, label: p }))}
          />
        }
        toolbar={<RunForm providers={providers.data ?? ['sandbox']} />}
      />
      <DiffDrawer run={open} onClose={() => setOpen(null)} />
    </>
  );
}
