import { LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { NETBAR_STATUS_LABELS, type NetbarRow, PERM } from '@netbar/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  Popconfirm,
  Row,
  Select,
  Space,
  Statistic,
  type TableColumnsType,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { FilterSelect } from '../../../components/filter-select';
import { PageTable } from '../../../components/page-table';
import { feedback } from '../../../lib/feedback';
import { authPathIds } from '../../../lib/user';
import { useAppStore } from '../../../store/app-store';
import {
  contactOptions,
  deleteNetbars,
  exportNetbars,
  fetchNetbars,
  fetchStatics,
  ipOptions,
  mobileOptions,
  NETBAR_KEY,
  staffOptions,
  unbindNetbar,
  versionOptions,
} from '../api/netbar-api';
import { AssignPersonModal } from '../components/assign-person-modal';
import { BindNetbarModal } from '../components/bind-netbar-modal';
import { ExtendModal } from '../components/extend-modal';
import { RegisterNetbarModal } from '../components/register-netbar-modal';
import { RemarkDrawer } from '../components/remark-drawer';

/** The filter form's values → the call's query (the expiry range becomes expire_from / expire_to). */
function toQuery(p: Record<string, unknown>): Record<string, unknown> {
  const { expire, ...rest } = p as { expire?: [Dayjs, Dayjs] | null };
  const q: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null && v !== '') q[k] = v;
  if (expire?.[0]) q.expire_from = expire[0].format('YYYY-MM-DD');
  if (expire?.[1]) q.expire_to = expire[1].format('YYYY-MM-DD');
  return q;
}

function expiryTag(row: NetbarRow) {
  if (!row.expire_at) return <Tag>未开通</Tag>;
  const days = dayjs(row.expire_at).diff(dayjs(), 'day');
  const color = days < 0 ? 'red' : days <= 30 ? 'orange' : 'green';
  return (
    <Tag color={color}>
      {row.expire_at.slice(0, 10)}
      {days < 0 ? ' 已到期' : days <= 30 ? ` ${days}天后到期` : ''}
    </Tag>
  );
}

/** /netbarManage/list: the agent's book of netbars. */
export default function NetbarListPage() {
  const qc = useQueryClient();
  const user = useAppStore((s) => s.user);
  const perms = new Set(authPathIds(user));
  const isAgent = user?.type === 1;
  const canPay = perms.has(PERM.FUND_MANAGE);
  const statics = useQuery({ queryKey: [...NETBAR_KEY, 'statics'], queryFn: fetchStatics });
  const [registering, setRegistering] = useState(false);
  const [binding, setBinding] = useState(false);
  const [remarkOf, setRemarkOf] = useState<NetbarRow | null>(null);
  const [extendOf, setExtendOf] = useState<NetbarRow | null>(null);
  const [assignOf, setAssignOf] = useState<NetbarRow | null>(null);
  const reload = () => qc.invalidateQueries({ queryKey: NETBAR_KEY });

  const columns: TableColumnsType<NetbarRow> = [
    {
      title: '网吧',
      dataIndex: 'name',
      fixed: 'left',
      render: (v: string, r) => (
        <Space direction="vertical" size={0}>
          <b>{v}</b>
          <span style={{ color: '#999' }}>
            ID {r.id} · {r.account_name}
          </span>
        </Space>
      ),
    },
    { title: '到期时间', dataIndex: 'expire_at', render: (_, r) => expiryTag(r) },
    {
      title: '连锁',
      dataIndex: 'chain_name',
      render: (v: string, r) =>
        v ? (
          <Tag color={r.pid === r.id ? 'blue' : 'default'}>
            {v}
            {r.pid === r.id ? ' 总店' : ' 分店'}
          </Tag>
        ) : (
          '单店'
        ),
    },
    { title: '机器数', dataIndex: 'machine_count', align: 'right' },
    {
      title: '服务端',
      key: 'online',
      render: (_, r) =>
        r.server_version ? (
          <Space direction="vertical" size={0}>
            <Badge
              status={r.online ? 'success' : 'default'}
              text={r.online ? `在线 ${r.online_count}台` : '离线'}
            />
            <span style={{ color: '#999', fontSize: 12 }}>
              {r.server_version} · {r.ip}
            </span>
          </Space>
        ) : (
          <span style={{ color: '#bbb' }}>未上报</span>
        ),
    },
    {
      title: '负责员工',
      dataIndex: 'person_name',
      render: (v: string) => v || <span style={{ color: '#bbb' }}>未分配</span>,
    },
    {
      title: '联系人',
      dataIndex: 'contact',
      render: (v: string, r) => (
        <Space direction="vertical" size={0}>
          <span>
            {v} {r.mobile}
          </span>
          <span style={{ color: '#999', fontSize: 12 }}>
            {r.province}
            {r.city === r.province ? '' : r.city}
            {r.district}
          </span>
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: number) => <Tag color={s === 1 ? 'green' : 'default'}>{NETBAR_STATUS_LABELS[s]}</Tag>,
    },
    {
      title: '操作',
      key: 'action',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setRemarkOf(r)}>
            备注
          </Button>
          {canPay && (
            <Button type="link" size="small" onClick={() => setExtendOf(r)}>
              续费
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setAssignOf(r)}>
            分配员工
          </Button>
          {isAgent && (
            <Popconfirm
              title={`确定删除网吧「${r.name}」？删除后该网吧账号将无法登录。`}
              onConfirm={() =>
                deleteNetbars([r.id])
                  .then(() => {
                    feedback.success('删除成功');
                    return reload();
                  })
                  .catch(() => undefined)
              }
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
          {isAgent && (
            <Popconfirm
              title={`确定解绑网吧「${r.name}」？解绑后该网吧不再由您管理，网吧账号仍可登录。`}
              onConfirm={() =>
                unbindNetbar(r.id)
                  .then(() => {
                    feedback.success('解绑成功');
                    return reload();
                  })
                  .catch(() => undefined)
              }
            >
              <Button type="link" size="small" danger>
                解绑
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const s = statics.data;
  const cards = [
    ['网吧总数', s?.netbars, '家'],
    ['机器总数', s?.machines, '台'],
    ['30天内到期', s?.expiring, '家'],
    ['已到期', s?.expired, '家'],
    ['本月新增', s?.new_this_month, '家'],
  ] as const;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={16}>
        {cards.map(([title, value, suffix]) => (
          <Col flex="1" key={title}>
            <Card size="small">
              <Statistic title={title} value={value ?? '—'} suffix={suffix} loading={statics.isLoading} />
            </Card>
          </Col>
        ))}
      </Row>
      <PageTable<NetbarRow>
        title="网吧列表"
        queryKey={NETBAR_KEY}
        fetcher={(p) => fetchNetbars(toQuery(p))}
        onExport={(f) => exportNetbars(toQuery(f))}
        columns={columns}
        rowKey="id"
        toolbar={
          <Space>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setRegistering(true)}>
              注册网吧
            </Button>
            <Button icon={<LinkOutlined />} onClick={() => setBinding(true)}>
              绑定网吧
            </Button>
          </Space>
        }
        filterFields={
          <>
            <Form.Item name="keyword">
              <Input placeholder="网吧名称/账号" allowClear style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="person_id">
              <FilterSelect loader={staffOptions} placeholder="负责员工" />
            </Form.Item>
            <Form.Item name="server_version">
              <FilterSelect loader={() => versionOptions(false)} placeholder="服务端版本" />
            </Form.Item>
            <Form.Item name="ip">
              <FilterSelect loader={() => ipOptions(false)} placeholder="服务器IP" />
            </Form.Item>
            <Form.Item name="contact">
              <FilterSelect loader={() => contactOptions()} placeholder="联系人" />
            </Form.Item>
            <Form.Item name="mobile">
              <FilterSelect loader={() => mobileOptions()} placeholder="手机号" />
            </Form.Item>
            <Form.Item name="online">
              <Select
                allowClear
                placeholder="在线状态"
                style={{ width: 110 }}
                options={[
                  { value: 1, label: '在线' },
                  { value: 0, label: '离线' },
                ]}
              />
            </Form.Item>
            <Form.Item name="status">
              <Select
                allowClear
                placeholder="状态"
                style={{ width: 100 }}
                options={[
                  { value: 1, label: '正常' },
                  { value: 2, label: '停用' },
                ]}
              />
            </Form.Item>
            <Form.Item name="province">
              <Input placeholder="省份" allowClear style={{ width: 100 }} />
            </Form.Item>
            <Form.Item name="expire">
              <DatePicker.RangePicker placeholder={['到期开始', '到期结束']} />
            </Form.Item>
          </>
        }
      />
      <RegisterNetbarModal
        open={registering}
        onClose={() => setRegistering(false)}
        onDone={() => {
          setRegistering(false);
          void reload();
        }}
      />
      <BindNetbarModal
        open={binding}
        onClose={() => setBinding(false)}
        onDone={() => {
          setBinding(false);
          void reload();
        }}
      />
      <RemarkDrawer netbar={remarkOf} onClose={() => setRemarkOf(null)} />
      <ExtendModal
        netbar={extendOf}
        onClose={() => setExtendOf(null)}
        onDone={() => {
          setExtendOf(null);
          void reload();
          void qc.invalidateQueries({ queryKey: ['agent', 'balance'] });
        }}
      />
      <AssignPersonModal
        netbar={assignOf}
        onClose={() => setAssignOf(null)}
        onDone={() => {
          setAssignOf(null);
          void reload();
        }}
      />
    </Space>
  );
}
