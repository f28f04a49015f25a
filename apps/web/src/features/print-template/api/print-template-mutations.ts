import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { deleteTemplate, saveTemplate, setDefaultTemplate } from './print-template-api';
import { printTemplateKeys } from './print-template-keys';

/** A save may move the default of its kind: every write reloads every template list. */
const all = [printTemplateKeys.all];
type Config<D> = MutationConfig<D>;

export const useSaveTemplate = (c?: Config<unknown>) => useInvalidatingMutation(saveTemplate, all, c);
export const useDeleteTemplate = (c?: Config<unknown>) => useInvalidatingMutation(deleteTemplate, all, c);
export const useSetDefaultTemplate = (c?: Config<unknown>) =>
  useInvalidatingMutation(setDefaultTemplate, all, c);
