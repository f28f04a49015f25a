import { type ImportSchedule, LEGACY_MSG, type LegacyProduct, type LegacyStore } from '@netbar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, List, Progress, Select, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { feedback } from '../../../lib/feedback';
import type { HttpError } from '../../../lib/http';
import { type ImportKind, isPartnerProduct, legacyImportApi } from '../api/legacy-import-api';
import { legacyImportKeys } from '../api/legacy-import-keys';
import { useStartImport } from '../api/legacy-import-mutations';
import { useImportSchedule } from '../api/legacy-import-queries';

/** Spec section 9: the store list loads 3 s after a successful login. */
export const STORE_LOAD_DELAY_MS = 3000;
const KINDS: { kind: ImportKind; label: string }[] = [
  { kind: 'member', label: '会员' },
  { kind: 'goods', label: '商品' },
  { kind: 'collection', label: '在线收款' },
];

const counts = (s: ImportSchedule) =>
  `共 ${s.total} 条，已处理 ${s.com} 条：新增 ${s.member}，已存在 ${s.right}，失败 ${s.failed}`;

/** The progress line: before any row is written (下载中, 校验中) com stays 0, so say what happens instead. */
export function progressText(s: ImportSchedule | undefined): string {
  if (!s || s.phase === '下载中')
    return s?.total ? `准备中：正在读取原系统数据（共 ${s.total} 条）…` : '准备中：正在读取原系统数据…';
  if (s.phase === '校验中') return `校验中：正在校验 ${s.total} 条数据…`;
  return s.total > 0 ? counts(s) : '正在读取原系统数据…';
}

interface Props {
  product: LegacyProduct;
  /** The stores the login answered with (products 9 and 10); the others read /businessimport/netbars. */
  loginStores: LegacyStore[];
  /** The import running now (the dialog refuses to close meanwhile). */
  onRunning: (kind: ImportKind | null) => void;
}

/**
 * Step 2 of the import dialog: 请选择网吧, then 会员 / 商品 / 在线收款, each 导入 → 已导入; the progress
 * (GET /businessimport/schedule) is polled every 3 s until end = 1.
 */
export function ImportStoreStep({ product, loginStores, onRunning }: Props) {
  const [form] = Form.useForm<{ netbar_id?: number }>();
  const [stores, setStores] = useState<LegacyStore[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [running, setRunning] = useState<ImportKind | null>(null);
  const [done, setDone] = useState<ImportKind[]>([]);
  const [failure, setFailure] = useState('');
  /** What the last finished import did, shown under the buttons. */
  const [summary, setSummary] = useState('');
  const qc = useQueryClient();
  const start = useStartImport();
  const schedule = useImportSchedule(running !== null).data;

  useEffect(() => {
    const id = setTimeout(() => {
      if (isPartnerProduct(product)) setStores(loginStores);
      else
        legacyImportApi.stores().then(setStores, (e: HttpError) => {
          setStores([]);
          setLoadError(e.msg);
        });
    }, STORE_LOAD_DELAY_MS);
    return () => clearTimeout(id);
  }, [product, loginStores]);

  const finished = running !== null && schedule?.end === 1;
  useEffect(() => {
    if (!finished || !running || !schedule) return;
    const label = KINDS.find((k) => k.kind === running)?.label ?? '';
    if (schedule.status === 'failed') setFailure(schedule.msg || `${label}导入失败`);
    else {
      setDone((d) => [...d, running]);
      setSummary(`${label}导入完成：${counts(schedule)}`);
      feedback.success(`${label}导入完成`);
    }
    setRunning(null);
    onRunning(null);
  }, [finished, running, schedule, onRunning]);

  const begin = async (kind: ImportKind) => {
    const { netbar_id } = await form.validateFields();
    if (!netbar_id) return;
    setFailure('');
    setSummary('');
    start.mutate(
      { product, kind, netbar_id },
      {
        onSuccess: () => {
          // the last import's finished progress must not end this one
          qc.removeQueries({ queryKey: legacyImportKeys.schedule() });
          setRunning(kind);
          onRunning(kind);
        },
      },
    );
  };

  if (stores === null)
    return (
      <div style={{ textAlign: 'center', padding: 32 }}>
        <Spin />
        <div style={{ marginTop: 12 }}>登录成功，正在加载网吧列表…</div>
      </div>
    );
  const percent = schedule && schedule.total > 0 ? Math.floor((schedule.com / schedule.total) * 100) : 0;
  return (
    <>
      {loadError && <Alert type="error" showIcon title={loadError} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          label="原系统网吧"
          name="netbar_id"
          rules={[{ required: true, message: LEGACY_MSG.netbar }]}
        >
          <Select
            placeholder={LEGACY_MSG.netbar}
            disabled={running !== null}
            options={stores.map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
      </Form>
      <List
        bordered
        dataSource={KINDS}
        renderItem={({ kind, label }) => {
          const isDone = done.includes(kind);
          return (
            <List.Item
              actions={[
                <Button
                  key="go"
                  type={isDone ? 'default' : 'primary'}
                  disabled={isDone || (running !== null && running !== kind)}
                  loading={running === kind || (start.isPending && start.variables?.kind === kind)}
                  onClick={() => void begin(kind).catch(() => {})}
                  aria-label={`${label}${isDone ? '已导入' : '导入'}`}
                >
                  {isDone ? '已导入' : running === kind ? '导入中' : '导入'}
                </Button>,
              ]}
            >
              <Typography.Text strong>{label}</Typography.Text>
            </List.Item>
          );
        }}
      />
      {running && (
        <div style={{ marginTop: 16 }} data-testid="import-progress">
          <Progress percent={percent} status="active" />
          <Typography.Text type="secondary">{progressText(schedule)}</Typography.Text>
        </div>
      )}
      {summary && <Alert type="success" showIcon title={summary} style={{ marginTop: 12 }} />}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginTop: 12 }} />}
    </>
  );
}
