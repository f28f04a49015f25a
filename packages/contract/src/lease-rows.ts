import type { LeaseLossKind, LeasePayMethod, LeasePriceUnit, LeaseStatus, LeaseStockKind } from './lease';

/** What the leasing screens read (money in fen): items, their ledger rows, lease orders and their detail. */

export interface LeaseItemRow {
  id: number;
  name: string;
  deposit_fen: number;
  price_fen: number;
  price_unit: LeasePriceUnit;
  /** Units in the store, ready to rent. */
  qty_on_hand: number;
  /** Units out with customers. */
  qty_out: number;
  enabled: boolean;
  remark: string;
  updated_at: string;
}

export interface LeaseStockRow {
  id: number;
  kind: LeaseStockKind;
  hand_delta: number;
  hand_after: number;
  out_delta: number;
  out_after: number;
  lease_no: string;
  reason: string;
  user_name: string;
  at: string;
}

export interface LeaseOrderRow {
  id: number;
  lease_no: string;
  item_id: number;
  item_name: string;
  qty: number;
  price_fen: number;
  price_unit: LeasePriceUnit;
  deposit_fen: number;
  pay_method: LeasePayMethod;
  member_id: number | null;
  member_name: string;
  customer_name: string;
  customer_phone: string;
  status: LeaseStatus;
  /** 租用中 past its expected return (highlighted on the list). */
  overdue: boolean;
  loss_kind: LeaseLossKind | null;
  rented_at: string;
  expected_return_at: string;
  closed_at: string;
  minutes: number;
  /** The fee charged, after 抹零. */
  fee_fen: number;
  refund_fen: number;
  extra_fen: number;
  extra_method: LeasePayMethod | null;
  /** 抹零 (decision 143): 分 taken off the fee so the cash settles in whole 角. */
  round_fen: number;
  cashier_id: number;
  cashier_name: string;
  closed_by: string;
  remark: string;
}

export interface LeaseOrderTotals {
  qty: number;
  deposit_fen: number;
  fee_fen: number;
  refund_fen: number;
}

/** A lease's till movements, as booked in the shifts (decision 122). */
export interface LeaseTillRow {
  kind: string;
  method: string;
  amount_fen: number;
  shift_no: string;
  user_name: string;
  at: string;
}

export interface LeaseOrderDetail extends LeaseOrderRow {
  till: LeaseTillRow[];
  stock: LeaseStockRow[];
  close_remark: string;
}

export interface LeaseResult {
  lease: LeaseOrderRow;
  replay: boolean;
}
