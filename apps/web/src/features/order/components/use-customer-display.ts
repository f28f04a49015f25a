import type { MemberRow, ScreenPushBody, ScreenStage } from '@netbar/contract';
import { useEffect } from 'react';
import { showToCustomer } from '../../../lib/customer-display';

interface Shown {
  lines: { name: string; qty: number; amount_fen: number }[];
  list_fen: number;
  saving_fen: number;
  total_fen: number;
  member: MemberRow | null;
  /** The payment dialog or the 等待付款 dialog is open. */
  paying: boolean;
  /** The last order's result while its receipt dialog is open: 谢谢惠顾. */
  paid: { total_fen: number; change_fen: number } | null;
}

/**
 * The 收银台 tells its 副屏 what it shows (decision 191): the lines, the figures and the member's name
 * (masked by the server; nothing else of the member), the stage, and idle when the page closes.
 */
export function useCustomerDisplay(s: Shown) {
  const stage: ScreenStage = s.paid ? 'paid' : s.paying ? 'pay' : s.lines.length ? 'cart' : 'idle';
  const body: ScreenPushBody = s.paid
    ? {
        stage,
        lines: [],
        list_fen: 0,
        saving_fen: 0,
        total_fen: s.paid.total_fen,
        change_fen: s.paid.change_fen,
      }
    : {
        stage,
        lines: s.lines.slice(0, 100),
        list_fen: s.list_fen,
        saving_fen: s.saving_fen,
        total_fen: s.total_fen,
        ...(s.member?.name ? { member_name: s.member.name } : {}),
      };
  const key = JSON.stringify(body);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the body is compared by its text
  useEffect(() => showToCustomer(body), [key]);
  useEffect(
    () => () => showToCustomer({ stage: 'idle', lines: [], list_fen: 0, saving_fen: 0, total_fen: 0 }),
    [],
  );
}
