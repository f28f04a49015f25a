import type { Domain } from '../domain.ts';
import { uploadRoutes } from './upload.routes.ts';

/** 图片上传. */
export const uploadDomain: Domain = {
  name: 'upload',
  service: 'passport',
  routes: [uploadRoutes],
};

/** An image recognised by its first bytes (merchant documents, decision 163). */
export { imageKind } from './image-kind.ts';
// What the app uses: the uploaded images served under IMAGES_BASE.
export { publicUrl, uploadDir, uploadName, uploadStatic } from './upload.routes.ts';
