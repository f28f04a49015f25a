import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ObjectStorage, StorageArea } from './storage.ts';
import { assertName, typeOfName, UnsatisfiableRange } from './storage.ts';

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** The client of an S3-compatible service (MinIO, Ceph, 阿里云 OSS, 腾讯云 COS, AWS). */
export function s3Client(o: S3Options): S3Client {
  const cfg: S3ClientConfig = {
    endpoint: o.endpoint,
    region: o.region,
    forcePathStyle: o.forcePathStyle,
    // checksums only where the API requires one: several S3-compatible services refuse the SDK's default
    // CRC32 trailers on every upload
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  };
  if (o.accessKeyId && o.secretAccessKey)
    cfg.credentials = { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey };
  return new S3Client(cfg);
}

const absent = (e: unknown) => {
  const x = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return x.name === 'NoSuchKey' || x.name === 'NotFound' || x.$metadata?.httpStatusCode === 404;
};

/** `bytes a-b/total` of a ranged answer. */
function parseContentRange(v: string | undefined) {
  const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(v ?? '');
  return m ? { start: Number(m[1]), end: Number(m[2]), total: Number(m[3]) } : undefined;
}

/** Objects in one bucket under `<area>/<name>`; the bucket needs no public access (the server serves them). */
export function s3Storage(o: S3Options, client = s3Client(o)): ObjectStorage {
  const Bucket = o.bucket;
  const keyOf = (area: StorageArea, name: string) => {
    assertName(name);
    return `${area}/${name}`;
  };
  return {
    kind: 's3',
    async put(area, name, body, type) {
      // one PUT for small bodies, a multipart upload for big streams
      await new Upload({
        client,
        params: { Bucket, Key: keyOf(area, name), Body: body, ContentType: type },
      }).done();
    },
    async get(area, name, range) {
      try {
        const r = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: keyOf(area, name),
            Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
          }),
        );
        if (!r.Body) return undefined;
        const body =
          r.Body instanceof Readable ? r.Body : Readable.from(r.Body as unknown as AsyncIterable<Uint8Array>);
        const size = Number(r.ContentLength ?? 0);
        const cr = parseContentRange(r.ContentRange);
        return {
          body,
          size,
          total: cr?.total ?? size,
          type: r.ContentType ?? typeOfName(name),
          range: range && cr ? { start: cr.start, end: cr.end } : undefined,
        };
      } catch (e) {
        if (absent(e)) return undefined;
        if ((e as { name?: string }).name === 'InvalidRange') throw new UnsatisfiableRange();
        throw e;
      }
    },
    async exists(area, name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(area, name) }));
        return true;
      } catch (e) {
        if (absent(e)) return false;
        throw e;
      }
    },
    async delete(area, name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(area, name) }));
    },
  };
}
