import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';

/**
 * An in-memory bucket behind every S3Client (aws-sdk-client-mock, decision 200): PUT, GET with a byte
 * range, HEAD and DELETE answer as S3 does, including its NoSuchKey / NotFound / InvalidRange errors.
 * No S3-compatible server that is kept and runs on Node 20 installs from npm (s3rver's last release is
 * from 2021, its fork needs Node 24), and MinIO is not reachable here.
 */
export function fakeBucket() {
  const objects = new Map<string, { body: Buffer; type?: string }>();
  const mock = mockClient(S3Client);
  const error = (name: string, status: number) =>
    Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
  mock.on(PutObjectCommand).callsFake(async (input) => {
    const b = input.Body;
    let body: Buffer;
    if (b instanceof Uint8Array || typeof b === 'string') body = Buffer.from(b);
    else {
      const parts: Buffer[] = [];
      for await (const c of b as AsyncIterable<Uint8Array>) parts.push(Buffer.from(c));
      body = Buffer.concat(parts);
    }
    objects.set(input.Key, { body, type: input.ContentType });
    return { ETag: '"fake"' };
  });
  mock.on(HeadObjectCommand).callsFake((input) => {
    const o = objects.get(input.Key);
    if (!o) throw error('NotFound', 404);
    return { ContentLength: o.body.length, ContentType: o.type };
  });
  mock.on(GetObjectCommand).callsFake((input) => {
    const o = objects.get(input.Key);
    if (!o) throw error('NoSuchKey', 404);
    const m = /^bytes=(\d+)-(\d*)$/.exec(input.Range ?? '');
    if (!m) return { Body: Readable.from([o.body]), ContentLength: o.body.length, ContentType: o.type };
    const start = Number(m[1]);
    if (start >= o.body.length) throw error('InvalidRange', 416);
    const end = Math.min(m[2] ? Number(m[2]) : o.body.length - 1, o.body.length - 1);
    const part = o.body.subarray(start, end + 1);
    return {
      Body: Readable.from([part]),
      ContentLength: part.length,
      ContentRange: `bytes ${start}-${end}/${o.body.length}`,
      ContentType: o.type,
    };
  });
  mock.on(DeleteObjectCommand).callsFake((input) => {
    objects.delete(input.Key);
    return {};
  });
  return { objects, mock, restore: () => mock.restore() };
}

/** The environment of an app on the fake bucket. */
export const S3_ENV = {
  S3_ENDPOINT: 'http://127.0.0.1:9',
  S3_BUCKET: 'netbar-test',
  S3_ACCESS_KEY_ID: 'test',
  S3_SECRET_ACCESS_KEY: 'test-secret',
};
