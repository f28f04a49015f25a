/** The 收银台's layout and button styles (one style element rendered by the page; antd's CSS variables). */
const CSS = `
.cashier { display: grid; grid-template-columns: minmax(0, 1fr) 440px; gap: 12px; height: calc(100vh - 182px); min-height: 560px; }
.cashier-col { display: flex; flex-direction: column; gap: 10px; min-height: 0; }
.cashier-card { background: var(--ant-color-bg-container, #fff); border-radius: 8px; padding: 12px; }
.cashier-goods { display: flex; flex-direction: column; gap: 10px; min-height: 0; flex: 1; }
.cashier-goods-inputs { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
.cashier-tabs { align-self: flex-start; max-width: 100%; overflow-x: auto; }
.cashier-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(128px, 1fr)); gap: 8px; overflow-y: auto; align-content: start; flex: 1; padding: 2px; }
.cashier-btn { display: flex; flex-direction: column; align-items: flex-start; gap: 2px; min-height: 84px; padding: 8px 10px; text-align: left; cursor: pointer;
  background: var(--ant-color-bg-container, #fff); border: 1px solid var(--ant-color-border, #d9d9d9); border-top: 5px solid; border-radius: 6px; font: inherit; color: inherit; }
.cashier-btn:hover:not(:disabled) { box-shadow: 0 2px 8px rgba(0,0,0,.12); }
.cashier-btn:focus-visible { outline: 2px solid var(--ant-color-primary, #1677ff); outline-offset: 1px; }
.cashier-btn-name { font-weight: 600; line-height: 1.3; word-break: break-all; }
.cashier-btn-price { color: var(--ant-color-error, #cf1322); font-size: 15px; }
.cashier-btn-stock { font-size: 12px; margin-top: auto; }
.cashier-btn-group { border-top-color: var(--ant-color-primary, #1677ff); }
.cashier-btn-out { background: var(--ant-color-fill-tertiary, #f5f5f5); filter: grayscale(1); }
.cashier-btn:disabled { cursor: not-allowed; opacity: .75; }
.cashier-empty { grid-column: 1 / -1; }
.cashier-member { display: flex; flex-direction: column; gap: 6px; }
.cashier-cart-wrap { flex: 1; overflow-y: auto; min-height: 0; }
.cashier-cart { width: 100%; border-collapse: collapse; }
.cashier-cart th { text-align: left; font-weight: 500; color: var(--ant-color-text-secondary, rgba(0,0,0,.68)); padding: 4px; border-bottom: 1px solid var(--ant-color-border-secondary, #f0f0f0); position: sticky; top: 0; background: var(--ant-color-bg-container, #fff); }
.cashier-cart td { padding: 6px 4px; border-bottom: 1px solid var(--ant-color-border-secondary, #f0f0f0); vertical-align: top; }
.cashier-cart tr { cursor: pointer; }
.cashier-cart tr.active td { background: var(--ant-color-primary-bg, #e6f4ff); }
.cashier-cart tr.off td { opacity: .55; }
.cashier-cart .num { text-align: right; white-space: nowrap; }
.cashier-cart .qty { white-space: nowrap; text-align: center; }
.cashier-qty { display: inline-block; min-width: 28px; text-align: center; }
.cashier-cart-was { font-size: 12px; color: var(--ant-color-text-secondary, rgba(0,0,0,.68)); }
.cashier-totals { display: flex; justify-content: space-between; align-items: baseline; gap: 8px; flex-wrap: wrap; }
.cashier-due { font-size: 28px; font-weight: 700; color: var(--ant-color-error, #cf1322); }
.cashier-keys { display: flex; flex-wrap: wrap; gap: 4px 14px; font-size: 12px; color: var(--ant-color-text-secondary, rgba(0,0,0,.68)); }
.cashier-keys kbd { display: inline-block; padding: 0 5px; margin-right: 3px; border: 1px solid var(--ant-color-border, #d9d9d9); border-bottom-width: 2px; border-radius: 4px; font-family: inherit; font-size: 11px; background: var(--ant-color-fill-quaternary, #fafafa); color: var(--ant-color-text, rgba(0,0,0,.88)); }
.cashier-pay { display: flex; flex-direction: column; gap: 10px; }
.cashier-pay-row { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.cashier-pay-row > .ant-typography:first-child { width: 64px; }
.cashier-pay-quick { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; padding-left: 72px; }
.cashier-pay-note { padding-left: 72px; color: var(--ant-color-text-secondary, rgba(0,0,0,.68)); font-size: 13px; }
.cashier-change { margin-left: auto; font-size: 18px; font-weight: 600; color: var(--ant-color-success, #389e0d); }
.cashier-pay-sum { font-size: 16px; font-weight: 600; }
.cashier-receipt-wrap { display: flex; justify-content: center; max-width: 100%; overflow-x: auto; }
.cashier-receipt { font-family: 'SimSun', 'NSimSun', 'Noto Sans Mono CJK SC', 'Sarasa Mono SC', monospace; font-size: 12px; line-height: 1.45; padding: 8px; margin: 0; background: #fff; color: #000; border: 1px dashed #bbb; white-space: pre; width: max-content; }
.cashier-top { margin-bottom: 10px; min-height: 22px; }
.cashier-queue-card { max-height: 240px; overflow-y: auto; flex-shrink: 0; }
.cashier-queue-item { display: flex; justify-content: space-between; align-items: center; gap: 8px; padding: 6px 0; border-bottom: 1px solid var(--ant-color-border-secondary, #f0f0f0); }
@media (max-width: 1100px) { .cashier { grid-template-columns: 1fr; height: auto; } .cashier-grid { max-height: 420px; } }
`;

export function CashierStyles() {
  return <style>{CSS}</style>;
}
