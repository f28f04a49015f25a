import type { ReceiptLine, RenderedReceipt } from '@netbar/contract';
import { QRCodeSVG } from 'qrcode.react';
import type { CSSProperties } from 'react';

/**
 * A rendered receipt (the contract's pure `renderReceipt`) as the thermal printer prints it: monospace
 * lines on a strip of 58 or 80 mm. The template preview and every printed slip show it alike.
 */
export function ReceiptPaper({ receipt, label }: { receipt: RenderedReceipt; label: string }) {
  const mm = receipt.paper_mm;
  return (
    <section aria-label={label}>
      <div
        className="receipt-paper"
        style={{
          width: 'fit-content',
          maxWidth: '100%',
          padding: '8px 6px',
          background: '#fff',
          border: '1px dashed #d9d9d9',
          overflowX: 'auto',
        }}
      >
        {pieces(receipt.lines).map((p) =>
          p.text !== undefined ? (
            <pre key={p.key} style={{ ...PRE, width: `${mm}mm`, fontSize: mm === 58 ? 11 : 12 }}>
              {p.text}
            </pre>
          ) : (
            // 私域二维码 (decision 183): the link as a QR code, centred, about 2/3 of a 58 mm strip
            <div key={p.key} style={{ width: `${mm}mm`, textAlign: 'center', padding: '4px 0' }}>
              <QRCodeSVG value={p.qr} size={mm === 58 ? 128 : 150} marginSize={1} title="私域二维码" />
            </div>
          ),
        )}
      </div>
    </section>
  );
}

const PRE: CSSProperties = {
  margin: 0,
  fontFamily: '"SimSun", "Courier New", monospace',
  lineHeight: 1.45,
  whiteSpace: 'pre',
};

type Piece = { key: string; text: string; qr?: undefined } | { key: string; text?: undefined; qr: string };

/** The lines as runs of text, a QR line breaking the run; keyed by the line each piece starts at. */
function pieces(lines: readonly ReceiptLine[]): Piece[] {
  const out: Piece[] = [];
  let run: string[] = [];
  let start = 0;
  lines.forEach((l, n) => {
    if (l.role === 'qr' && l.qr) {
      if (run.length) out.push({ key: `t${start}`, text: run.join('\n') });
      run = [];
      start = n + 1;
      out.push({ key: `q${n}`, qr: l.qr });
    } else run.push(l.text.trimEnd());
  });
  if (run.length || !out.length) out.push({ key: `t${start}`, text: run.join('\n') });
  return out;
}

/**
 * Prints only the receipt on the page through the browser: a print style hides everything else and
 * sizes the page to the paper, removed again once the print dialog returns.
 */
export function printReceiptPaper(paperMm: number) {
  const style = document.createElement('style');
  style.textContent = `@media print { @page { size: ${paperMm}mm auto; margin: 0; } body * { visibility: hidden; } .receipt-paper, .receipt-paper * { visibility: visible; } .receipt-paper { position: absolute; left: 0; top: 0; margin: 0; border: 0 !important; } }`;
  document.head.appendChild(style);
  try {
    window.print();
  } finally {
    style.remove();
  }
}
