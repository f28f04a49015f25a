import {
  fenToYuan,
  MEMBER_STATUS_LABELS,
  type MemberRow,
  type MemberStatusValue,
  yuanInputToFen,
} from '@netbar/contract';
import {
  Button,
  DatePicker,
  Form,
  InputNumber,
  Select,
  Space,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { AddButton, ChoiceFilter, KeywordFilter } from '../../../components/list-filters';
import { PageTable } from '../../../components/page-table';
import { useModeState } from '../../../components/use-mode-form';
import { exportMembers, fetchMembers, type MemberPage } from '../api/member-api';
import { memberKeys } from '../api/member-keys';
import { useLevels } from '../api/member-queries';
import { MemberDrawer } from '../components/member-drawer';
import { MemberFormModal } from '../components/member-form-modal';
import { MemberSettingsBar } from '../components/member-settings-bar';
import { ScanTopUpModal } from '../components/scan-top-up-modal';
import { TopUpModal } from '../components/top-up-modal';

export const STATUS_COLORS: Record<MemberStatusValue, string> = {
  1: 'green',
  2: 'orange',
  3: 'red',
  4: 'default',
};

type Filters = {
  keyword?: string;
  level_id?: number;
  status?: number;
  store_id?: number;
  balance_min?: number;
  balance_max?: number;
  visit?: [Dayjs, Dayjs] | null;
};
const toParams = ({ balance_min, balance_max, visit, ...f }: Filters) => ({
  ...f,
  balance_min_fen:
    balance_min === undefined || balance_min === null ? undefined : yuanInputToFen(balance_min),
  balance_max_fen:
    balance_max === undefined || balance_max === null ? undefined : yuanInputToFen(balance_max),
  visit_from: visit?.[0]?.format('YYYY-MM-DD'),
  visit_to: visit?.[1]?.format('YYYY-MM-DD'),
});

/** /Member/member_manage (180): the member book with filters, add/edit, the member drawer, top-up, export. */
export default function MemberListPage() {
  const modal = useModeState<MemberRow>();
  const [open, setOpen] = useState<number | null>(null);
  const [topUp, setTopUp] = useState<MemberRow | null>(null);
  const [scanTopUp, setScanTopUp] = useState<MemberRow | null>(null);
  const [page, setPage] = useState<MemberPage | null>(null);
  const levels = useLevels();
  const columns: TableColumnsType<MemberRow> = [
    {
      title: '卡号',
      dataIndex: 'card_mask',
      width: 180,
      render: (c: string) => <span className="mono">{c}</span>,
    },
    { title: '姓名', dataIndex: 'name', width: 100 },
    { title: '手机号', dataIndex: 'mobile', width: 120, render: (v: string) => v || '—' },
    {
      title: '等级',
      dataIndex: 'level_name',
      width: 100,
      render: (n: string) => <Tag color="gold">{n}</Tag>,
    },
    {
      title: '本金(元)',
      dataIndex: 'principal_fen',
      width: 110,
      align: 'right',
      render: (f: number) => fenToYuan(f),
    },
    {
      title: '奖励(元)',
      dataIndex: 'bonus_fen',
      width: 100,
      align: 'right',
      render: (f: number) => fenToYuan(f),
    },
    { title: '积分', dataIndex: 'points', width: 80, align: 'right' },
    {
      title: '免费时长',
      dataIndex: 'free_minutes',
      width: 90,
      align: 'right',
      render: (m: number) => (m ? `${m}分钟` : '—'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (s: MemberStatusValue) => <Tag color={STATUS_COLORS[s]}>{MEMBER_STATUS_LABELS[s]}</Tag>,
    },
    { title: '开卡门店', dataIndex: 'netbar_name', width: 130, ellipsis: true },
    {
      title: '最近到店',
      dataIndex: 'last_visit_at',
      width: 180,
      render: (v: string) => v || '—',
    },
    {
      title: '操作',
      key: 'op',
      width: 240,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpen(r.id)}>
            详情
          </Button>
          <Button type="link" size="small" disabled={r.status !== 1} onClick={() => setTopUp(r)}>
            充值
          </Button>
          <Button type="link" size="small" disabled={r.status !== 1} onClick={() => setScanTopUp(r)}>
            扫码充值
          </Button>
          <Button type="link" size="small" disabled={r.status === 4} onClick={() => modal.edit(r)}>
            编辑
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <>
      <PageTable<MemberRow, Filters>
        title={
          <Space size="large">
            <span>会员管理</span>
            {page && (
              <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                共 {page.count} 名会员，本金合计 {fenToYuan(page.totals.principal_fen)} 元，奖励合计{' '}
                {fenToYuan(page.totals.bonus_fen)} 元
              </Typography.Text>
            )}
          </Space>
        }
        queryKey={memberKeys.list()}
        fetcher={async ({ page: p, page_size, ...f }) => {
          const d = await fetchMembers({ page: p, page_size, ...toParams(f) });
          setPage(d);
          return d;
        }}
        columns={columns}
        rowKey="id"
        onExport={(f) => exportMembers(toParams(f))}
        filterFields={
          <>
            <KeywordFilter label="姓名、手机号或卡号后四位" width={200} />
            <Form.Item name="level_id">
              <Select
                aria-label="等级"
                placeholder="等级"
                allowClear
                style={{ width: 120 }}
                options={(levels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
              />
            </Form.Item>
            <ChoiceFilter
              name="status"
              label="状态"
              options={([1, 2, 3, 4] as const).map((v) => ({ value: v, label: MEMBER_STATUS_LABELS[v] }))}
            />
            {page && page.stores.length > 1 && (
              <Form.Item name="store_id">
                <Select
                  aria-label="开卡门店"
                  placeholder="开卡门店"
                  allowClear
                  style={{ width: 140 }}
                  options={page.stores.map((x) => ({ value: x.id, label: x.name }))}
                />
              </Form.Item>
            )}
            <Form.Item name="balance_min">
              <InputNumber
                aria-label="最低余额"
                placeholder="余额≥(元)"
                min={0}
                precision={2}
                style={{ width: 110 }}
              />
            </Form.Item>
            <Form.Item name="balance_max">
              <InputNumber
                aria-label="最高余额"
                placeholder="余额≤(元)"
                min={0}
                precision={2}
                style={{ width: 110 }}
              />
            </Form.Item>
            <Form.Item name="visit">
              <DatePicker.RangePicker
                aria-label="最近到店"
                placeholder={['到店开始', '到店结束']}
                style={{ width: 240 }}
              />
            </Form.Item>
          </>
        }
        toolbar={
          <>
            <MemberSettingsBar />
            <AddButton onClick={modal.add}>新增会员</AddButton>
          </>
        }
      />
      <MemberFormModal state={modal.state} onClose={modal.close} />
      <MemberDrawer id={open} onClose={() => setOpen(null)} />
      <TopUpModal member={topUp} onClose={() => setTopUp(null)} />
      {scanTopUp && <ScanTopUpModal member={scanTopUp} onClose={() => setScanTopUp(null)} />}
    </>
  );
}
