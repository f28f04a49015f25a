import type { PrintKind } from '@netbar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchTemplates } from './print-template-api';
import { printTemplateKeys } from './print-template-keys';

/** The store's templates of one kind (its default marked). */
export const templatesQuery = (kind: PrintKind) =>
  queryOptions({ queryKey: printTemplateKeys.list(kind), queryFn: () => fetchTemplates(kind) });
export const useTemplates = (kind: PrintKind) => useQuery(templatesQuery(kind));
