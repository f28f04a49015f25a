import sharp from 'sharp';
import type { Client, TestApp } from '../../test/harness.ts';

/** Test helpers of the merchant module's own tests (bearer calls, multipart uploads, a valid form). */

export const VALID = {
  legal_name: '测试星际网络科技有限公司',
  short_name: '测试星际网咖',
  merchant_type: 2,
  licence_no: '91350100M000100Y43',
  legal_person: '张三',
  id_no: '11010519491231002X',
  mobile: '13800138000',
  bank_code: '102',
  bank_branch: '中国工商银行杭州西湖支行',
  card_no: '6222600260001072444',
  card_holder: '张三',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  address: '文三路 100 号',
};

export type Answer<T = unknown> = Awaited<ReturnType<Client['get']>> & { data: T };

export const mget = <T = unknown>(c: Client, path: string, q?: Record<string, unknown>) =>
  c.request<T>('GET', `/api/merchant/${path}`, q, { bearer: true });
export const mpost = <T = unknown>(c: Client, path: string, f?: Record<string, unknown>) =>
  c.request<T>('POST', `/api/merchant/${path}`, f, { bearer: true });

/** A small JPEG carrying EXIF (a camera maker and GPS-like text) that must not survive the upload. */
export async function photoWithExif(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'GPS 30.2741N 120.1551E' } })
    .toBuffer();
}

export async function upload(t: TestApp, c: Client | null, kind: string, file: Buffer, type = 'image/jpeg') {
  const boundary = '----merchant-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/merchant/upload',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(c ? { authorization: `Bearer ${c.token}` } : {}),
    },
    payload: body,
  });
  return {
    http: res.statusCode,
    ...(res.json() as { status: number; msg: string; data: { id: number; url: string } }),
  };
}

/** Uploads the five documents and answers the form fields naming them. */
export async function uploadAll(t: TestApp, c: Client) {
  const img = await photoWithExif();
  const ids: Record<string, number> = {};
  for (const kind of ['licence', 'id_front', 'id_back', 'storefront', 'cashier']) {
    const r = await upload(t, c, kind, img);
    if (r.status !== 200) throw new Error(`upload ${kind}: ${r.msg}`);
    ids[`${kind}_doc`] = r.data.id;
  }
  return ids;
}
