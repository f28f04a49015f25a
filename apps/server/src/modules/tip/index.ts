import type { Domain } from '../domain.ts';
import { tipRoutes } from './tip.routes.ts';

/** 打赏：会员本金打赏员工（客户机、柜台）、员工打赏流水、打赏发放（交班钱箱支出）、打赏记录（274）. */
export const tipDomain: Domain = {
  name: 'tip',
  service: 'passport',
  routes: [tipRoutes],
};

export { tipFromTerminal } from './tip.service.ts';
export { tipBookMismatches } from './tip-books.ts';
// What other modules may use: the terminal API's 打赏 from a PC and its staff list (decision 148).
export { staffForTips } from './tip-list.service.ts';
