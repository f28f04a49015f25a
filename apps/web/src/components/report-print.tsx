import { PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/**
 * Print stylesheet for report pages (/operating_statements/*): the sidebar, header, breadcrumbs,
 * footer, filters, buttons and pagers are hidden; cards and tables use the whole page width, rows are
 * not split across pages and charts keep their place. Rendered once by each report page.
 */
export const REPORT_PRINT_CSS = `@media print {
  @page { size: A4 landscape; margin: 10mm; }
  [data-testid="sidebar"], .ant-layout-header, .ant-layout-footer, .ant-breadcrumb, .no-print,
  .ant-pagination, .ant-table-pagination, .ant-btn, .ant-picker-clear { display: none !important; }
  .ant-layout, .ant-layout-content { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  .ant-card { box-shadow: none !important; break-inside: avoid; }
  .ant-table-wrapper, .ant-table-container, .ant-table-content, .ant-table-body { overflow: visible !important; max-height: none !important; }
  .ant-table table { width: 100% !important; table-layout: auto !important; font-size: 11px; }
  .ant-table-cell-fix-left, .ant-table-cell-fix-right { position: static !important; }
  tr { break-inside: avoid; }
  .report-chart { break-inside: avoid; }
}`;

export function ReportPrintStyle() {
  return <style>{REPORT_PRINT_CSS}</style>;
}

/** 打印 for a report: the browser's print with the stylesheet above. */
export function PrintButton() {
  return (
    <Button icon={<PrinterOutlined />} onClick={() => window.print()} className="no-print">
      打印
    </Button>
  );
}
