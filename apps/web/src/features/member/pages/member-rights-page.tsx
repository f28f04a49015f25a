import { fenToYuan, type LevelRow } from '@netbar/contract';
import { Button, Card, Popconfirm, Space, Table, type TableColumnsType, Tag } from 'antd';
import { AddButton } from '../../../components/list-filters';
import { useModeState } from '../../../components/use-mode-form';
import { useDeleteLevel } from '../api/member-mutations';
import { useLevels } from '../api/member-queries';
import { LevelFormModal } from '../components/level-form-modal';

/** 100.00 → 100 in the 充X送Y labels. */
const short = (f: number) => fenToYuan(f).replace(/\.00$/, '');

/** /Member/Member_rights (181): the levels of the store's (or chain's) members and what each grants. */
export default function MemberRightsPage() {
  const levels = useLevels();
  const modal = useModeState<LevelRow>();
  const del = useDeleteLevel({ success: '删除成功' });
  const columns: TableColumnsType<LevelRow> = [
    { title: '等级', dataIndex: 'name', width: 120, render: (n: string) => <Tag color="gold">{n}</Tag> },
    {
      title: '升级条件（累计充值）',
      dataIndex: 'threshold_fen',
      width: 190,
      render: (f: number) => (f ? `${fenToYuan(f)} 元` : '开卡即得'),
    },
    {
      title: '上网折扣',
      dataIndex: 'rate_discount',
      width: 100,
      render: (d: number) => (d === 100 ? '不打折' : `${d / 10} 折`),
    },
    {
      title: '商品会员价',
      dataIndex: 'member_price',
      width: 100,
      render: (b: boolean) => (b ? '享受' : '—'),
    },
    { title: '每元积分', dataIndex: 'points_per_yuan', width: 90 },
    {
      title: '充值赠送',
      dataIndex: 'bonus_rules',
      render: (rules: LevelRow['bonus_rules']) =>
        rules.length
          ? rules.map((r) => (
              <Tag key={r.threshold_fen}>
                充{short(r.threshold_fen)}送{short(r.bonus_fen)}
              </Tag>
            ))
          : '—',
    },
    {
      title: '透支额度',
      dataIndex: 'overdraft_fen',
      width: 100,
      render: (f: number) => (f ? `${fenToYuan(f)} 元` : '—'),
    },
    { title: '会员数', dataIndex: 'member_count', width: 80, align: 'right' },
    {
      title: '操作',
      key: 'op',
      width: 130,
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => modal.edit(r)}>
            编辑
          </Button>
          <Popconfirm
            title={`确认删除等级「${r.name}」？`}
            onConfirm={() => del.mutate(r.id)}
            disabled={r.member_count > 0}
          >
            <Button type="link" size="small" danger disabled={r.member_count > 0}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Card title="会员权益" extra={<AddButton onClick={modal.add}>新增等级</AddButton>}>
      <Table<LevelRow>
        rowKey="id"
        loading={levels.isLoading}
        columns={columns}
        dataSource={levels.data ?? []}
        pagination={false}
        scroll={{ x: 1000 }}
      />
      <p style={{ color: '#666', marginTop: 12 }}>
        会员累计充值达到等级门槛时自动升级，不会自动降级；充值赠送取达到的最高一档，赠送金额计入奖励余额。
      </p>
      <LevelFormModal state={modal.state} onClose={modal.close} />
    </Card>
  );
}
