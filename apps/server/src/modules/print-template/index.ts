import type { Domain } from '../domain.ts';
import { printTemplateRoutes } from './print-template.routes.ts';

/** 打印模板：销售小票、充值小票、租赁单、交班单（58/80mm），每店每类一个默认模板. */
export const printTemplateDomain: Domain = {
  name: 'print-template',
  service: 'passport',
  routes: [printTemplateRoutes],
};

// What other modules may use: the template a receipt of a kind prints with.
export { printTemplateFor } from './print-template.service.ts';
