import type { Domain } from '../domain.ts';
import { couponRoutes } from './coupon.routes.ts';

/** 优惠券：模板、发放、收银台使用、记录（decision 186）. */
export const couponDomain: Domain = { name: 'coupon', service: 'passport', routes: [couponRoutes] };

export { templateById as couponTemplateById } from './coupon.repo.ts';
// What other modules may use: issuing a coupon inside an activity claim's transaction, and pricing,
// using and giving back a coupon inside an order's.
export { type IssueInput, issueIn } from './coupon.service.ts';
export { type CouponPriced, priceCoupon, releaseCoupon, useCoupon } from './coupon-redeem.ts';
