import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { gbk } from '../../test/fake-alipay.ts';
import { alipayBillPages } from './alipay-bill.ts';
import { textLines } from './bill-stream.ts';

/**
 * Decision 184: the statement readers work on chunks wherever they are cut. Lines and multi-byte characters
 * split across chunks, GBK or UTF-8 decided on the first non-ASCII chunk, and Alipay's zipped GBK details read
 * as a stream into pages of 2,000; a zip without details, or not a zip, is refused with a Chinese message.
 */
async function* chunked(b: Buffer, size: number) {
  for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
}
const collectLines = async (src: AsyncIterable<Uint8Array>) => {
  const out: string[] = [];
  for await (const l of textLines(src)) out.push(l);
  return out;
};

describe('bill streams', () => {
  it('lines and characters cut across chunks come out whole, in UTF-8 and in GBK', async () => {
    const text = '交易时间,商户订单号\r\n`2026-11-27 10:00:00,`P1\r\n汇总';
    for (const size of [1, 2, 3, 7, 64])
      expect(await collectLines(chunked(Buffer.from(text, 'utf8'), size))).toEqual([
        '交易时间,商户订单号',
        '`2026-11-27 10:00:00,`P1',
        '汇总',
      ]);
    const g = `#ascii first\n${'x'.repeat(100)}\n#支付宝业务明细查询\n支付宝交易号\n`;
    for (const size of [1, 5, 50, 4096])
      expect(await collectLines(chunked(gbk(g), size))).toEqual([
        '#ascii first',
        'x'.repeat(100),
        '#支付宝业务明细查询',
        '支付宝交易号',
      ]);
  });

  it("Alipay's zipped GBK details of 5,000 rows come in pages of 2,000", async () => {
    const rows = Array.from(
      { length: 5000 },
      (_, i) =>
        `2026112722001400${String(i).padStart(12, '0')}\t,P20261127100000AB${String(i).padStart(6, '0')}\t,交易\t,网费\t,2026-11-27 10:00:00\t,2026-11-27 10:00:05\t,${(i % 90) + 1}.25\t,\t`,
    );
    const csv = [
      '#支付宝业务明细查询',
      '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,订单金额（元）,退款批次号/请求号',
      ...rows,
      '#交易合计：5000笔',
    ].join('\r\n');
    const zip = new JSZip();
    zip.file('2088_20261127_业务明细(汇总).csv', gbk('#支付宝业务汇总查询\n'));
    zip.file('2088_20261127_业务明细.csv', gbk(csv));
    const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const sizes: number[] = [];
    let last: unknown;
    for await (const p of alipayBillPages(bytes)) {
      sizes.push(p.length);
      last = p.at(-1);
    }
    expect(sizes).toEqual([2000, 2000, 1000]);
    expect(last).toMatchObject({ kind: 'pay', payment_no: 'P20261127100000AB004999', amount_fen: 5025 });
  });

  it('a zip without details, or not a zip at all, is refused (bad input)', async () => {
    const zip = new JSZip();
    zip.file('汇总.csv', gbk('#支付宝业务汇总查询\n门店编号\n'));
    const only = await zip.generateAsync({ type: 'nodebuffer' });
    const drain = async (b: Buffer) => {
      for await (const _ of alipayBillPages(b));
    };
    await expect(drain(only)).rejects.toThrow('支付宝对账单格式错误：压缩包中没有业务明细');
    await expect(drain(Buffer.from('not a zip'))).rejects.toThrow('支付宝对账单格式错误：不是有效的压缩包');
  });
});
