import { OPLOG_RESULT_LABELS, type OplogRow, USER_TYPE_LABELS, type UserTypeValue } from '@netbar/contract';
import ExcelJS from 'exceljs';

const fmt = (epoch: number) =>
  new Date(epoch * 1000)
    .toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false })
    .replace(/\//g, '-');

/** The operation log as an xlsx workbook; the last row states the same total as the screen. */
export async function oplogWorkbook(rows: OplogRow[], total: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('操作日志');
  ws.columns = [
    { header: '时间', key: 'at', width: 20 },
    { header: '账号', key: 'user_name', width: 18 },
    { header: '账号类型', key: 'user_type', width: 12 },
    { header: 'IP', key: 'ip', width: 16 },
    { header: '操作', key: 'action', width: 24 },
    { header: '对象', key: 'target', width: 30 },
    { header: '结果', key: 'result', width: 8 },
    { header: '说明', key: 'detail', width: 30 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of rows) {
    ws.addRow({
      at: fmt(r.at),
      user_name: r.user_name,
      user_type: r.user_type ? (USER_TYPE_LABELS[r.user_type as UserTypeValue] ?? '') : '',
      ip: r.ip,
      action: r.action,
      target: r.target,
      result: OPLOG_RESULT_LABELS[r.result],
      detail: r.detail,
    });
  }
  ws.addRow({ at: `合计 ${total} 条` }).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
