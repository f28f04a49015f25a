import { cashTakenFen, fenToYuan, fenToYuanPlain, type MemberRow, yuanToFen } from '@netbar/contract';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useState } from 'react';
import {
  cashDue,
  changeOf,
  type DeductOrder,
  draftProblem,
  emptyDraft,
  memberTake,
  type PaymentDraft,
  quickTenders,
  remaining,
  roundOf,
} from '../model/payment-math';

export interface PayModalProps {
  due_fen: number;
  member: MemberRow | null;
  deductOrder: DeductOrder;
  busy: boolean;
  onSubmit: (d: PaymentDraft) => void;
  onCancel: () => void;
}

const DEDUCT_LABELS: Record<DeductOrder, string> = { bonus_first: '先扣奖励', principal_first: '先扣本金' };
type Part = 'cash_fen' | 'member_fen' | 'scan_fen';

/** Text box of a yuan amount that holds fen; empty is 0. */
function YuanInput(p: {
  label: string;
  fen: number;
  onFen: (f: number) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState(p.fen ? fenToYuanPlain(p.fen) : '');
  useEffect(() => {
    setText((t) => ((yuanToFen(t || '0') ?? -1) === p.fen ? t : p.fen ? fenToYuanPlain(p.fen) : ''));
  }, [p.fen]);
  return (
    <Input
      aria-label={p.label}
      prefix="¥"
      inputMode="decimal"
      disabled={p.disabled}
      autoFocus={p.autoFocus}
      value={text}
      status={text && yuanToFen(text) === undefined ? 'error' : undefined}
      onChange={(e) => {
        setText(e.target.value);
        const f = yuanToFen(e.target.value || '0');
        if (f !== undefined && f >= 0) p.onFen(f);
      }}
      onFocus={(e) => e.target.select()}
      style={{ width: 140 }}
    />
  );
}

/**
 * 结账: the amount due split over cash (with the amount tendered, change and quick amounts), the
 * member's balance (what it takes from 奖励 and 本金 under the store's rule) and scan-code payment.
 * F6/F7/F8 put the whole remainder on cash / member / scan; Enter confirms, Esc closes.
 */
export function PayModal({ due_fen, member, deductOrder, busy, onSubmit, onCancel }: PayModalProps) {
  const [d, setD] = useState<PaymentDraft>(() => ({ ...emptyDraft(), cash_fen: due_fen }));
  const set = (patch: Partial<PaymentDraft>) => setD((x) => ({ ...x, ...patch }));
  /** Put what the other parts leave on one part. */
  const all = (part: Part) => {
    const others = { cash_fen: 0, member_fen: 0, scan_fen: 0, tendered_fen: 0 };
    setD({ ...others, [part]: due_fen });
  };
  const setPart = (part: Part, fen: number) =>
    setD((x) => {
      const next = { ...x, [part]: fen };
      // cash follows what member and scan leave, until the cashier types a cash amount
      return part === 'cash_fen' ? next : { ...next, cash_fen: cashDue(due_fen, next) };
    });
  const problem = draftProblem(due_fen, d, member ?? undefined);
  const take = member && d.member_fen > 0 ? memberTake(member, d.member_fen, deductOrder) : undefined;
  const left = remaining(due_fen, d);
  const round = roundOf(d);
  const submit = () => {
    if (!problem && !busy) onSubmit(d);
  };
  const keys = (e: KeyboardEvent) => {
    const map: Record<string, Part> = { F6: 'cash_fen', F7: 'member_fen', F8: 'scan_fen' };
    const part = map[e.key];
    if (part) {
      e.preventDefault();
      if (part !== 'member_fen' || member) all(part);
    } else if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  return (
    <Modal
      open
      title={`结账 · 应收 ¥${fenToYuan(due_fen)}`}
      onCancel={onCancel}
      maskClosable={false}
      width={560}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          取消（Esc）
        </Button>,
        <Button key="ok" type="primary" loading={busy} disabled={!!problem} onClick={submit}>
          确认收款（Enter）
        </Button>,
      ]}
    >
      <div className="cashier-pay" onKeyDown={keys}>
        <div className="cashier-pay-row">
          <Typography.Text strong>现金</Typography.Text>
          <YuanInput label="现金金额" fen={d.cash_fen} onFen={(f) => setPart('cash_fen', f)} />
          <span>实收</span>
          <YuanInput
            label="实收现金"
            fen={d.tendered_fen}
            autoFocus
            onFen={(f) => set({ tendered_fen: f })}
          />
          <Button size="small" onClick={() => all('cash_fen')}>
            全部现金 F6
          </Button>
        </div>
        {d.cash_fen > 0 && (
          <div className="cashier-pay-quick">
            {round > 0 && (
              <Typography.Text type="warning" data-testid="cashier-round">
                抹零 ¥{fenToYuan(round)}，现金实收 ¥{fenToYuan(cashTakenFen(d.cash_fen))}
              </Typography.Text>
            )}
            {quickTenders(cashTakenFen(d.cash_fen)).map((q) => (
              <Button key={q.fen} size="small" onClick={() => set({ tendered_fen: q.fen })}>
                {q.label}
              </Button>
            ))}
            <Typography.Text className="cashier-change" data-testid="cashier-change">
              找零 ¥{fenToYuan(changeOf(d))}
            </Typography.Text>
          </div>
        )}
        <div className="cashier-pay-row">
          <Typography.Text strong>会员余额</Typography.Text>
          <YuanInput
            label="会员余额支付金额"
            fen={d.member_fen}
            disabled={!member}
            onFen={(f) => setPart('member_fen', f)}
          />
          <Button size="small" disabled={!member} onClick={() => all('member_fen')}>
            全部会员 F7
          </Button>
        </div>
        <div className="cashier-pay-note">
          {member ? (
            <>
              {member.name} · 本金 ¥{fenToYuan(member.principal_fen)} · 奖励 ¥{fenToYuan(member.bonus_fen)}（
              {DEDUCT_LABELS[deductOrder]}）
              {take && (
                <div data-testid="cashier-member-take">
                  本次扣 本金 ¥{fenToYuan(take.principal)}，奖励 ¥{fenToYuan(take.bonus)}
                </div>
              )}
            </>
          ) : (
            '未关联会员：关闭后按 F2 关联会员即可用余额支付'
          )}
        </div>
        <div className="cashier-pay-row">
          <Typography.Text strong>扫码支付</Typography.Text>
          <YuanInput label="扫码支付金额" fen={d.scan_fen} onFen={(f) => setPart('scan_fen', f)} />
          <Button size="small" onClick={() => all('scan_fen')}>
            全部扫码 F8
          </Button>
        </div>
        <Space className="cashier-pay-sum" size={24}>
          <span data-testid="cashier-remaining">
            {left > 0 ? `还差 ¥${fenToYuan(left)}` : left < 0 ? `多收 ¥${fenToYuan(-left)}` : '已付清'}
          </span>
        </Space>
        {problem && left <= 0 && <Alert type="warning" showIcon title={problem} />}
      </div>
    </Modal>
  );
}
