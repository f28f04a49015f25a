import type { Domain } from '../domain.ts';
import { uploadRoutes } from './upload.routes.ts';

/** 图片上传. */
export const uploadDomain: Domain = {
  name: 'upload',
  service: 'passport',
  routes: [uploadRoutes],
};

// What the app uses: the uploaded images served under IMAGES_BASE.
export { uploadStatic } from './upload.routes.ts';
