import type { TerminalMessageRow } from '@netbar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** Keys of the live channel's queries. */
export const terminalKeys = {
  all: ['terminal'] as const,
  pending: () => [...terminalKeys.all, 'pending'] as const,
};

/** GET terminal_message_pending: the store's unacknowledged seat orders and calls (a background read). */
export async function fetchPending(): Promise<TerminalMessageRow[]> {
  const res = await http.get<{ list: TerminalMessageRow[] }>('terminal_message_pending', undefined, {
    silent: true,
  });
  return res.data?.list ?? [];
}

export const pendingQuery = () =>
  queryOptions({
    queryKey: terminalKeys.pending(),
    queryFn: fetchPending,
    // the socket keeps it current; it is read again on each (re)connection
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
export const usePending = (enabled: boolean) => useQuery({ ...pendingQuery(), enabled });

/** POST terminal_message_ack: BUY_DONE / CALL_DOWN go back to the machine; a second one changes nothing. */
export async function ackMessage(id: number): Promise<TerminalMessageRow> {
  const res = await http.post<TerminalMessageRow>('terminal_message_ack', { id });
  return res.data;
}
