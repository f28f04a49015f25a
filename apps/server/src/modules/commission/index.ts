import type { Domain } from '../domain.ts';
import { commissionRoutes } from './commission.routes.ts';

/** 员工提成：提成规则（按岗位或个人、生效期不重叠）与员工业绩（按期间，明细、导出；decision 147）. */
export const commissionDomain: Domain = {
  name: 'commission',
  service: 'passport',
  routes: [commissionRoutes],
};
