import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { rows } from '../../db/client.ts';
import type { Client, TestApp } from '../../test/harness.ts';

/** A plain picture of w×h in a colour (PNG), made by sharp. */
export const picture = (w: number, h: number, colour = '#3366cc') =>
  sharp({ create: { width: w, height: h, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Uploads a file to desktop_upload as the client (multipart, field file). */
export async function uploadAs(t: TestApp, c: Client, kind: string, file: Buffer, filename = 'a.png') {
  const boundary = '----netbar-desktop-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/desktop_upload?kind=${kind}`,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-requested-with': 'XMLHttpRequest',
      cookie: `nb_sid=${c.cookies.get('nb_sid')}`,
    },
    payload,
  });
  return {
    http: res.statusCode,
    ...(res.json() as { status: number; msg: string; data: { key: string; url: string } | null }),
  };
}

/** desktop_config_save as the client; the body is loose on purpose (bad input is sent as it is). */
export const saveAs = (c: Client, b: Record<string, unknown>) =>
  c.request<{ id: number }>('POST', '/api/v1/desktop_config_save', b, { json: true });

/** A configuration body: every area, all day, one group of two games, unless told otherwise. */
export const desktopBody = (over: Record<string, unknown> = {}) => ({
  area_id: 0,
  band_start: '',
  band_end: '',
  wallpaper: '',
  groups: [
    {
      name: '热门',
      icons: [
        { kind: 'game', game_id: 'lol' },
        { kind: 'game', game_id: 'pubg' },
      ],
    },
  ],
  ticker: '欢迎光临',
  adverts: [],
  ...over,
});

export async function storeId(t: TestApp, name: string) {
  return (await rows<{ id: number }>(t.database.db, sql`select id from netbars where name = ${name}`))[0]!.id;
}

export async function areaOf(t: TestApp, nid: number, name: string) {
  return (
    await rows<{ id: number }>(
      t.database.db,
      sql`select id from venue_areas where netbar_id = ${nid} and name = ${name}`,
    )
  )[0]!.id;
}

export async function machineIn(t: TestApp, areaId: number) {
  return (
    await rows<{ id: number }>(
      t.database.db,
      sql`select id from machines where area_id = ${areaId} order by id limit 1`,
    )
  )[0]!.id;
}

/** The terminal of a store calling terminal_desktop (its demo server key), with an optional If-None-Match. */
export async function fetchDesktop(t: TestApp, nid: number, machineId: number, etag?: string, key?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/terminal_desktop?machine_id=${machineId}`,
    headers: {
      'x-netbar-id': String(nid),
      'x-server-key': key ?? `demo-server-key-${nid}`,
      ...(etag ? { 'if-none-match': etag } : {}),
    },
  });
  const body = res.body
    ? (JSON.parse(res.body) as { status: number; msg: string; data: unknown })
    : undefined;
  return { http: res.statusCode, etag: String(res.headers.etag ?? ''), body };
}
