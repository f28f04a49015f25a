import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchNoticeDetail } from './notice-detail';
import { noticeKeys } from './notice-keys';
import { fetchNoticeList, type PageParams } from './notice-list';
import { fetchUnreadCount } from './notice-unread';

/** The notice queries: queryOptions own the key (decision 090). */

export const noticeListQuery = (params: PageParams) =>
  queryOptions({
    queryKey: noticeKeys.list(params),
    queryFn: () => fetchNoticeList(params),
    placeholderData: keepPreviousData,
  });
export const useNoticeList = (params: PageParams) => useQuery(noticeListQuery(params));

export const noticeDetailQuery = (id: string) =>
  queryOptions({ queryKey: noticeKeys.detail(id), queryFn: () => fetchNoticeDetail(id) });
export const useNoticeDetail = (id: string) => useQuery({ ...noticeDetailQuery(id), enabled: !!id });

/** Fetched once on mount; later checks come from the random timer (no fixed polling). */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: noticeKeys.unread(),
    queryFn: fetchUnreadCount,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
export const useUnreadCount = (enabled: boolean) => useQuery({ ...unreadCountQuery(), enabled });
