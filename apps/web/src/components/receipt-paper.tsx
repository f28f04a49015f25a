import type { RenderedReceipt } from '@netbar/contract';

/**
 * A rendered receipt (the contract's pure `renderReceipt`) as the thermal printer prints it: monospace
 * lines on a strip of 58 or 80 mm. The template preview and every printed slip show it alike.
 */
export function ReceiptPaper({ receipt, label }: { receipt: RenderedReceipt; label: string }) {
  return (
    <section aria-label={label}>
      <pre
        className="receipt-paper"
        style={{
          width: `${receipt.paper_mm}mm`,
          maxWidth: '100%',
          margin: 0,
          padding: '8px 6px',
          background: '#fff',
          border: '1px dashed #d9d9d9',
          fontFamily: '"SimSun", "Courier New", monospace',
          fontSize: receipt.paper_mm === 58 ? 11 : 12,
          lineHeight: 1.45,
          whiteSpace: 'pre',
          overflowX: 'auto',
        }}
      >
        {receipt.lines.map((l) => l.text.trimEnd()).join('\n')}
      </pre>
    </section>
  );
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
