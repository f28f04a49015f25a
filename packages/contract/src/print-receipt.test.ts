import { describe, expect, it } from 'vitest';
import { alignText, renderReceipt, textWidth, wrapText } from './print-receipt';
import {
  builtinTemplate,
  PRINT_KINDS,
  type PrintTemplateShape,
  printTemplateSaveBody,
  SAMPLE_RECEIPT_DATA,
} from './print-template';

const tpl = (over: Partial<PrintTemplateShape> = {}): PrintTemplateShape => ({
  ...builtinTemplate('sale'),
  ...over,
});
const texts = (t: PrintTemplateShape, data = SAMPLE_RECEIPT_DATA[t.kind]) =>
  renderReceipt(t, data).lines.map((l) => l.text);

describe('display width', () => {
  it('counts CJK and fullwidth characters as two columns, ASCII as one', () => {
    expect(textWidth('abc')).toBe(3);
    expect(textWidth('可乐')).toBe(4);
    expect(textWidth('合计：18.50')).toBe(11);
    expect(textWidth('（330ml）')).toBe(9);
    expect(textWidth('¥')).toBe(1);
  });
  it('wraps without splitting a wide character and aligns to the exact width', () => {
    expect(wrapText('一二三四五', 5)).toEqual(['一二', '三四', '五']);
    expect(wrapText('', 5)).toEqual(['']);
    expect(alignText('可乐', 7, 'right')).toBe('   可乐');
    expect(alignText('可乐', 7, 'center')).toBe(' 可乐  ');
  });
});

describe('renderReceipt', () => {
  it('prints every line exactly 32 columns on 58 mm and 48 on 80 mm, for every kind', () => {
    for (const kind of PRINT_KINDS)
      for (const paper_mm of [58, 80] as const) {
        const r = renderReceipt(builtinTemplate(kind, paper_mm), SAMPLE_RECEIPT_DATA[kind]);
        expect(r.columns).toBe(paper_mm === 58 ? 32 : 48);
        expect(r.lines.length).toBeGreaterThan(5);
        for (const l of r.lines) expect(textWidth(l.text), `${kind} ${paper_mm}: ${l.text}`).toBe(r.columns);
      }
  });

  it('places fields in the template order with their labels and alignment', () => {
    const t = tpl({
      title: '',
      footer: '',
      fields: [
        { key: 'total', show: true, align: 'right' },
        { key: 'order_no', show: true, align: 'left' },
        { key: 'store_name', show: true, align: 'center' },
        { key: 'cashier', show: false, align: 'left' },
      ],
    });
    const out = texts(t).map((s) => s.trimEnd());
    expect(out).toEqual([
      `${' '.repeat(32 - 11)}合计：18.50`,
      '单号：XS202601150001',
      `${' '.repeat(9)}星际网咖旗舰店`,
    ]);
  });

  it('lays out the goods table with quantity and amount columns, a long name on its own line', () => {
    const t = tpl({ title: '', footer: '', fields: [{ key: 'items', show: true, align: 'left' }] });
    const out = texts(t);
    expect(out[0]!.trimEnd()).toMatch(/^名称\s+数量\s+金额$/);
    expect(out[1]).toBe(`可口可乐（330ml）${' '.repeat(18 - 17)}${'2'.padStart(5)}${'6.00'.padStart(9)}`);
    // 卫龙辣条大面筋特辣加量装 is 24 columns, wider than the 18-column name cell
    expect(out.at(-2)!.trimEnd()).toBe('卫龙辣条大面筋特辣加量装');
    expect(out.at(-1)).toBe(`${' '.repeat(18)}${'3'.padStart(5)}${'4.50'.padStart(9)}`);
  });

  it('leaves out fields without data, keeps dividers, wraps a long header', () => {
    const t = tpl({
      title: '销售小票',
      header: '欢迎光临星际网咖旗舰店，本店24小时营业，包间请提前预订',
      footer: '谢谢惠顾',
      fields: [
        { key: 'member', show: true, align: 'left' },
        { key: 'divider', show: true, align: 'left' },
        { key: 'order_no', show: true, align: 'left' },
        { key: 'divider', show: true, align: 'left' },
      ],
    });
    const r = renderReceipt(t, { order_no: 'XS1' });
    expect(r.lines.map((l) => l.role)).toEqual(['title', 'text', 'text', 'rule', 'text', 'rule', 'text']);
    expect(r.lines[3]!.text).toBe('-'.repeat(32));
    expect(r.lines.some((l) => l.text.includes('会员'))).toBe(false);
  });
});

describe('printTemplateSaveBody', () => {
  const base = { kind: 'sale', name: '默认小票', paper_mm: '58', fields: builtinTemplate('sale').fields };
  it('accepts the built-in fields and a form paper width', () => {
    const r = printTemplateSaveBody.safeParse(base);
    expect(r.success).toBe(true);
    expect(r.data?.paper_mm).toBe(58);
  });
  it('refuses another kind’s field, a duplicate, a paper width of 76 mm and nothing shown', () => {
    const msg = (b: object) => printTemplateSaveBody.safeParse({ ...base, ...b }).error?.issues[0]?.message;
    expect(msg({ fields: [{ key: 'shift_no', show: true, align: 'left' }] })).toBe('销售小票没有该字段');
    expect(
      msg({
        fields: [
          { key: 'total', show: true, align: 'left' },
          { key: 'total', show: true, align: 'right' },
        ],
      }),
    ).toBe('字段“合计”重复');
    expect(msg({ paper_mm: 76 })).toBe('纸张宽度只能是58mm或80mm');
    expect(msg({ fields: [{ key: 'total', show: false, align: 'left' }] })).toBe('请至少显示一个打印字段');
  });
});

describe('私域二维码 (decision 183)', () => {
  it('prints the welcome text and one QR line of the link when shown and given; nothing otherwise', () => {
    const shown = tpl({ fields: builtinTemplate('sale').fields.map((f) => ({ ...f, show: true })) });
    const data = { ...SAMPLE_RECEIPT_DATA.sale, siyu: 'https://a.cn/s/abc12345', siyu_text: '扫码进群' };
    const r = renderReceipt(shown, data);
    const qr = r.lines.filter((l) => l.role === 'qr');
    expect(qr).toEqual([{ text: ' '.repeat(32), role: 'qr', qr: 'https://a.cn/s/abc12345' }]);
    expect(r.lines.some((l) => l.text.includes('扫码进群'))).toBe(true);
    expect(renderReceipt(tpl(), data).lines.some((l) => l.role === 'qr')).toBe(false);
    expect(renderReceipt(shown, { ...data, siyu: '' }).lines.some((l) => l.text.includes('扫码进群'))).toBe(
      false,
    );
  });
});
