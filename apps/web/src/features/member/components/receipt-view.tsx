import {
  fenToYuan,
  MEMBER_LEDGER_KIND_LABELS,
  type MemberLedgerRow,
  PAY_METHOD_LABELS,
} from '@netbar/contract';
import { Descriptions } from 'antd';

/** The printable receipt of one member ledger row (top-up, correction, 退卡 ...): what the customer takes home. */
export function ReceiptView({
  row,
  member,
}: {
  row: MemberLedgerRow;
  member: { name: string; card_mask: string };
}) {
  const money = (d: number) => `${d > 0 ? '+' : ''}${fenToYuan(d)} 元`;
  return (
    <section className="member-receipt" aria-label="小票">
      <Descriptions
        column={1}
        size="small"
        bordered
        title={`${row.netbar_name} · ${MEMBER_LEDGER_KIND_LABELS[row.kind]}小票`}
        items={[
          { key: 'no', label: '单号', children: row.ref_no },
          { key: 'at', label: '时间', children: row.at },
          { key: 'm', label: '会员', children: `${member.name}（${member.card_mask}）` },
          ...(row.paid_fen
            ? [
                {
                  key: 'paid',
                  label: '实收',
                  children: `${fenToYuan(row.paid_fen)} 元（${PAY_METHOD_LABELS[row.pay_method] ?? row.pay_method}）`,
                },
              ]
            : []),
          {
            key: 'p',
            label: '本金',
            children: `${money(row.principal_delta)}，余额 ${fenToYuan(row.principal_after)} 元`,
          },
          {
            key: 'b',
            label: '奖励',
            children: `${money(row.bonus_delta)}，余额 ${fenToYuan(row.bonus_after)} 元`,
          },
          {
            key: 'pt',
            label: '积分',
            children: `${row.points_delta > 0 ? '+' : ''}${row.points_delta}，共 ${row.points_after}`,
          },
          ...(row.remark ? [{ key: 'r', label: '备注', children: row.remark }] : []),
          { key: 'u', label: '操作人', children: row.user_name },
        ]}
      />
    </section>
  );
}

/** Prints only the receipt (the rest of the page is hidden by the print style below). */
export function printReceipt() {
  const style = document.createElement('style');
  style.textContent =
    '@media print { body * { visibility: hidden; } .member-receipt, .member-receipt * { visibility: visible; } .member-receipt { position: absolute; left: 0; top: 0; width: 80mm; } }';
  document.head.appendChild(style);
  window.print();
  style.remove();
}
