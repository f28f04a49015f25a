import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCouponTemplates, fetchDrawResult, fetchStoreApps } from './activity-api';
import { activityKeys } from './activity-keys';

export const storeAppsQuery = () => queryOptions({ queryKey: activityKeys.apps(), queryFn: fetchStoreApps });
export const useStoreApps = () => useQuery(storeAppsQuery());
export const useDrawResult = (id: number | undefined) =>
  useQuery({
    queryKey: activityKeys.drawResult(id ?? 0),
    queryFn: () => fetchDrawResult(id ?? 0),
    enabled: id !== undefined,
  });

/** The coupon templates a 优惠券 prize may issue (asked once a prize of that kind is chosen). */
export const useCouponTemplates = (enabled: boolean) =>
  useQuery({ queryKey: activityKeys.couponTemplates(), queryFn: fetchCouponTemplates, enabled });
