import type { RenderedReceipt } from '@netbar/contract';

/**
 * The receipt as the printer gets it: the rendered lines (32 or 48 columns, a Chinese character two) in a
 * font whose Chinese characters are exactly two columns wide (宋体 on the counter's PC), so columns align.
 */
export function ReceiptSheet({ receipt }: { receipt: RenderedReceipt }) {
  return (
    <section aria-label="销售小票" className="cashier-receipt-wrap">
      <pre className="cashier-receipt" data-paper={receipt.paper_mm}>
        {receipt.lines.map((l) => l.text.trimEnd()).join('\n')}
      </pre>
    </section>
  );
}

/**
 * Prints only the receipt through the browser: a print style hides the rest of the page and sizes
 * the page to the paper, removed again once the print dialog returns.
 */
export function printReceiptSheet(paper: number) {
  const style = document.createElement('style');
  style.textContent = `@media print { @page { size: ${paper}mm auto; margin: 0; } body * { visibility: hidden; } .cashier-receipt, .cashier-receipt * { visibility: visible; } .cashier-receipt { position: absolute; left: 0; top: 0; margin: 0; border: 0; } }`;
  document.head.appendChild(style);
  try {
    window.print();
  } finally {
    style.remove();
  }
}
