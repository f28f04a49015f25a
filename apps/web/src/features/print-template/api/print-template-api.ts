import type { PrintKind, PrintTemplateRow, PrintTemplateSaveBody } from '@netbar/contract';
import { http } from '../../../lib/http';

/** The receipt template calls (application print_template 10523); keys in print-template-keys.ts. */

export const fetchTemplates = async (kind: PrintKind) =>
  (await http.get<PrintTemplateRow[]>('print_template_list', { kind })).data;
export const saveTemplate = (b: PrintTemplateSaveBody) =>
  http.post<PrintTemplateRow>('print_template_save', b, { json: true });
export const deleteTemplate = (id: number) => http.post('print_template_delete', { id });
export const setDefaultTemplate = (id: number) =>
  http.post<PrintTemplateRow>('print_template_set_default', { id });
