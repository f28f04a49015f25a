import type { MultipartFields } from '@fastify/multipart';
import { Status } from '@netbar/contract';
import type { FastifyRequest } from 'fastify';
import { BadInputError, BizError } from './errors.ts';

export interface UploadedFile {
  buf: Buffer;
  filename: string;
  /** The form's other fields sent before the file. */
  fields: MultipartFields;
}

/**
 * The one file of a multipart request, read whole (a picture, a document, a spreadsheet: within the multipart
 * limit). No file, an empty one or a body that is not multipart is `missing` (400); a file over the limit is
 * `tooLarge` (41300, HTTP 413). What the file is, each route checks by its content.
 */
export async function readOneFile(
  req: FastifyRequest,
  msg: { missing: string; tooLarge: string },
): Promise<UploadedFile> {
  try {
    const file = await req.file();
    const buf = file ? await file.toBuffer() : undefined;
    if (file && buf?.length) return { buf, filename: file.filename, fields: file.fields };
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new BizError(Status.TOO_LARGE, msg.tooLarge, 413);
  }
  throw new BadInputError(msg.missing);
}
