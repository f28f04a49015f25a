import type { Domain } from '../domain.ts';
import { uploadRoutes } from './upload.routes.ts';

/** 图片上传. */
export const uploadDomain: Domain = {
  name: 'upload',
  service: 'passport',
  routes: [uploadRoutes],
};
