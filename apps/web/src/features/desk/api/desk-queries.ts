import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchBill, fetchBoard, fetchBookings, fetchOrder, fetchSkus } from './desk-api';
import { deskKeys } from './desk-keys';

/** The counter's board: every desk with its session or next booking (refreshed each minute). */
export const useBoard = () =>
  useQuery({ queryKey: deskKeys.board(), queryFn: fetchBoard, refetchInterval: 60_000 });

/** The bookings whose slot touches a day. */
export const useBookings = (day: string) =>
  useQuery({ queryKey: deskKeys.bookings(day), queryFn: () => fetchBookings(day) });

/** An open session's bill as of now. */
export const useBill = (sessionId: number | null) =>
  useQuery({
    queryKey: deskKeys.bill(sessionId),
    queryFn: () => fetchBill(sessionId as number),
    enabled: !!sessionId,
  });

/** One table order with its bill, goods and payments. */
export const deskOrderQuery = (id: number | null) =>
  queryOptions({ queryKey: deskKeys.order(id), queryFn: () => fetchOrder(id as number), enabled: !!id });
export const useDeskOrder = (id: number | null) => useQuery(deskOrderQuery(id));

/** Goods to order to a table. */
export const useSkus = (enabled: boolean) =>
  useQuery({ queryKey: [...deskKeys.all, 'skus'], queryFn: fetchSkus, enabled, staleTime: 60_000 });
