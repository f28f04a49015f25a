import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { fileImportApi } from './file-import-api';
import { fileImportKeys } from './file-import-keys';

/** The file import's writes (decision 090): each reloads the history and the open job. */

type Config<D> = MutationConfig<D>;
type Job = Awaited<ReturnType<typeof fileImportApi.detail>>;

export const useUploadImport = (c?: Config<Job>) =>
  useInvalidatingMutation(fileImportApi.upload, [fileImportKeys.all], c);
export const useCheckImport = (c?: Config<Job>) =>
  useInvalidatingMutation(fileImportApi.check, [fileImportKeys.all], c);
export const useCommitImport = (c?: Config<Job>) =>
  useInvalidatingMutation(fileImportApi.commit, [fileImportKeys.all], c);
export const useResumeImport = (c?: Config<Job>) =>
  useInvalidatingMutation(fileImportApi.resume, [fileImportKeys.all], c);
