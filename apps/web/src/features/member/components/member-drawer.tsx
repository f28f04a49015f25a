import {
  CARD_KIND_LABELS,
  fenToYuan,
  MEMBER_STATUS_LABELS,
  type MemberRow,
  UserType,
} from '@netbar/contract';
import { Button, Descriptions, Drawer, Input, Modal, Popconfirm, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useAppState } from '../../../lib/app-state';
import { feedback } from '../../../lib/feedback';
import { requestId, revealCard } from '../api/member-api';
import { useChangeStatus, useRefundCard } from '../api/member-mutations';
import { useMember } from '../api/member-queries';
import { MemberCoupons } from './member-coupons';
import { MemberLedgerTable } from './member-ledger-table';
import { CorrectModal, TransferModal } from './money-modals';
import { RedeemModal } from './redeem-modal';
import { ResetPasswordModal } from './reset-password-modal';
import { TopUpModal } from './top-up-modal';

const STATUS_COLORS = { 1: 'green', 2: 'orange', 3: 'red', 4: 'default' } as const;

/** One member: figures, the counter actions, and the ledger by kind. */
export function MemberDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useMember(id);
  const m = q.data;
  const owner = useAppState((s) => s.user?.type === UserType.Netbar);
  const [dialog, setDialog] = useState<'topup' | 'correct' | 'transfer' | 'redeem' | 'password' | null>(null);
  const [card, setCard] = useState<string | null>(null);
  const status = useChangeStatus({ success: '操作成功' });
  const refund = useRefundCard({ success: '退卡成功，请退还本金现金' });
  const close = () => {
    setCard(null);
    onClose();
  };
  const reveal = async () => {
    if (!m) return;
    try {
      setCard((await revealCard(m.id)).card_no);
    } catch {
      /* the request client showed why */
    }
  };
  const askRefund = (row: MemberRow) => {
    let reason = '';
    const rid = requestId();
    Modal.confirm({
      title: `退卡 · ${row.name}`,
      content: (
        <>
          <p>
            退还本金 {fenToYuan(row.principal_fen)} 元（现金），作废奖励 {fenToYuan(row.bonus_fen)} 元、
            {row.points} 积分{row.free_minutes ? `和${row.free_minutes}分钟免费上网时长` : ''}。
          </p>
          <Input
            aria-label="退卡原因"
            placeholder="请填写退卡原因"
            maxLength={100}
            onChange={(e) => (reason = e.target.value)}
          />
        </>
      ),
      okText: '确认退卡',
      okButtonProps: { danger: true },
      onOk: () => {
        if (!reason.trim()) {
          feedback.error('请填写原因（1-100个字符）');
          return Promise.reject();
        }
        refund.mutate({ id: row.id, reason, request_id: rid });
      },
    });
  };
  const act = (action: string) => m && status.mutate({ id: m.id, action });
  return (
    <Drawer
      open={!!id}
      onClose={close}
      width={980}
      title={m ? `会员详情 · ${m.name}` : '会员详情'}
      destroyOnHidden
    >
      {m && (
        <>
          <Descriptions
            size="small"
            column={2}
            bordered
            items={[
              { key: 'id', label: '会员编号', children: m.id },
              {
                key: 'card',
                label: CARD_KIND_LABELS[m.card_kind],
                children: (
                  <Space>
                    <span className="mono">{card ?? m.card_mask}</span>
                    {owner && !card && (
                      <Button size="small" type="link" onClick={reveal}>
                        查看完整卡号
                      </Button>
                    )}
                  </Space>
                ),
              },
              { key: 'mobile', label: '手机号', children: m.mobile || '—' },
              { key: 'birthday', label: '生日', children: m.birthday || '—' },
              { key: 'level', label: '等级', children: <Tag color="gold">{m.level_name}</Tag> },
              { key: 'p', label: '本金', children: `${fenToYuan(m.principal_fen)} 元` },
              { key: 'b', label: '奖励', children: `${fenToYuan(m.bonus_fen)} 元` },
              { key: 'pt', label: '积分', children: m.points },
              { key: 'fm', label: '免费上网时长', children: `${m.free_minutes} 分钟` },
              { key: 'tt', label: '累计充值', children: `${fenToYuan(m.topup_total_fen)} 元` },
              {
                key: 's',
                label: '状态',
                children: <Tag color={STATUS_COLORS[m.status]}>{MEMBER_STATUS_LABELS[m.status]}</Tag>,
              },
              { key: 'store', label: '开卡门店', children: m.netbar_name },
              { key: 'by', label: '开卡人', children: `${m.created_by_name}（${m.created_at}）` },
              { key: 'v', label: '最近到店', children: m.last_visit_at || '—' },
              { key: 'r', label: '备注', children: m.remark || '—', span: 2 },
            ]}
          />
          <Space wrap style={{ margin: '16px 0' }}>
            <Button type="primary" disabled={m.status !== 1} onClick={() => setDialog('topup')}>
              充值
            </Button>
            <Button disabled={m.status !== 1} onClick={() => setDialog('redeem')}>
              积分兑换
            </Button>
            <Button disabled={m.status !== 1} onClick={() => setDialog('transfer')}>
              转账
            </Button>
            {owner && (
              <Button disabled={m.status === 4} onClick={() => setDialog('correct')}>
                冲正调整
              </Button>
            )}
            <Button disabled={m.status === 4} onClick={() => setDialog('password')}>
              {m.has_password ? '重置密码' : '设置密码'}
            </Button>
            {m.status === 1 && (
              <Popconfirm title="确认挂失该会员卡？挂失后不能充值和消费" onConfirm={() => act('lose')}>
                <Button>挂失</Button>
              </Popconfirm>
            )}
            {m.status === 2 && <Button onClick={() => act('unlose')}>解挂</Button>}
            {(m.status === 1 || m.status === 2) && (
              <Popconfirm title="确认禁用该会员卡？" onConfirm={() => act('disable')}>
                <Button danger>禁用</Button>
              </Popconfirm>
            )}
            {m.status === 3 && <Button onClick={() => act('enable')}>启用</Button>}
            {m.status !== 4 && (
              <Button danger onClick={() => askRefund(m)}>
                退卡
              </Button>
            )}
          </Space>
          <Tabs
            items={[
              { key: 'ledger', label: '余额流水', children: <MemberLedgerTable memberId={m.id} /> },
              { key: 'coupons', label: '优惠券', children: <MemberCoupons memberId={m.id} /> },
            ]}
          />
          <TopUpModal member={dialog === 'topup' ? m : null} onClose={() => setDialog(null)} />
          <CorrectModal member={dialog === 'correct' ? m : null} onClose={() => setDialog(null)} />
          <TransferModal member={dialog === 'transfer' ? m : null} onClose={() => setDialog(null)} />
          <RedeemModal member={dialog === 'redeem' ? m : null} onClose={() => setDialog(null)} />
          <ResetPasswordModal member={dialog === 'password' ? m : null} onClose={() => setDialog(null)} />
        </>
      )}
    </Drawer>
  );
}
