import { NETBAR_STATUS_LABELS, type NetbarRow } from '@netbar/contract';
import { Badge, Button, Popconfirm, Space, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { shanghaiNow } from '../../../lib/shanghai-day';

/** The expiry date as a tag: red when past, orange within 30 days. */
export function expiryTag(row: NetbarRow) {
  if (!row.expire_at) return <Tag>未开通</Tag>;
  const days = dayjs(row.expire_at).diff(shanghaiNow(), 'day');
  const color = days < 0 ? 'red' : days <= 30 ? 'orange' : 'green';
  return (
    <Tag color={color}>
      {row.expire_at.slice(0, 10)}
      {days < 0 ? ' 已到期' : days <= 30 ? ` ${days}天后到期` : ''}
    </Tag>
  );
}

interface NetbarColumnsOptions {
  /** 续费 (fund permission). */
  canPay: boolean;
  /** 删除 / 解绑 (the agent itself, not its staff). */
  isAgent: boolean;
  /** Run the page's delete / unbind mutations (they toast and reload the list). */
  onDelete: (row: NetbarRow) => void;
  onUnbind: (row: NetbarRow) => void;
  onRemark: (row: NetbarRow) => void;
  onExtend: (row: NetbarRow) => void;
  onAssign: (row: NetbarRow) => void;
}

/** The columns of the netbar list, with the row actions the caller may use (fixed widths: 1122 px). */
export function netbarColumns(o: NetbarColumnsOptions): TableColumnsType<NetbarRow> {
  const { canPay, isAgent, onDelete, onUnbind, onRemark, onExtend, onAssign } = o;
  return [
    {
      title: '网吧',
      dataIndex: 'name',
      fixed: 'left',
      width: 150,
      render: (v: string, r) => (
        <Space direction="vertical" size={0}>
          <b>{v}</b>
          <span style={{ color: '#666' }}>
            ID {r.id} · {r.account_name}
          </span>
        </Space>
      ),
    },
    { title: '到期时间', dataIndex: 'expire_at', width: 150, render: (_, r) => expiryTag(r) },
    {
      title: '连锁',
      dataIndex: 'chain_name',
      width: 100,
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
    { title: '机器数', dataIndex: 'machine_count', align: 'right', width: 72 },
    {
      title: '服务端',
      key: 'online',
      width: 150,
      render: (_, r) =>
        r.server_version ? (
          <Space direction="vertical" size={0}>
            <Badge
              status={r.online ? 'success' : 'default'}
              text={r.online ? `在线 ${r.online_count}台` : '离线'}
            />
            <span style={{ color: '#666', fontSize: 12 }}>
              {r.server_version} · {r.ip}
            </span>
          </Space>
        ) : (
          <span style={{ color: '#666' }}>未上报</span>
        ),
    },
    {
      title: '负责员工',
      dataIndex: 'person_name',
      width: 88,
      render: (v: string) => v || <span style={{ color: '#666' }}>未分配</span>,
    },
    {
      title: '联系人',
      dataIndex: 'contact',
      width: 170,
      render: (v: string, r) => (
        <Space direction="vertical" size={0}>
          <span>
            {v} {r.mobile}
          </span>
          <span style={{ color: '#666', fontSize: 12 }}>
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
      width: 72,
      render: (s: number) => <Tag color={s === 1 ? 'green' : 'default'}>{NETBAR_STATUS_LABELS[s]}</Tag>,
    },
    {
      title: '操作',
      key: 'action',
      fixed: 'right',
      // Widths add up to what a 1440 px screen shows beside the menu, so the fixed 操作 column covers
      // nothing (联系人 stays readable); the links wrap to a second line instead of widening it.
      width: 170,
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => onRemark(r)}>
            备注
          </Button>
          {canPay && (
            <Button type="link" size="small" onClick={() => onExtend(r)}>
              续费
            </Button>
          )}
          <Button type="link" size="small" onClick={() => onAssign(r)}>
            分配员工
          </Button>
          {isAgent && (
            <Popconfirm
              title={`确定删除网吧「${r.name}」？删除后该网吧账号将无法登录。`}
              onConfirm={() => onDelete(r)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
          {isAgent && (
            <Popconfirm
              title={`确定解绑网吧「${r.name}」？解绑后该网吧不再由您管理，网吧账号仍可登录。`}
              onConfirm={() => onUnbind(r)}
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
}
