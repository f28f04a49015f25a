import {
  type CashCountLine,
  cashFaceLabel,
  fenToYuan,
  overShortLabel,
  type ShiftCell,
  type ShiftFigures,
  TILL_KIND_LABELS,
  TILL_KINDS,
  TILL_METHODS,
  tillMethodLabel,
} from '@netbar/contract';
import { Table, type TableColumnsType, Typography } from 'antd';

/** Money shown signed in yuan, red when it went out. */
export function Yuan({ fen, strong }: { fen: number | null | undefined; strong?: boolean }) {
  if (fen == null) return <span>—</span>;
  const text = fenToYuan(fen);
  return (
    <Typography.Text strong={strong} type={fen < 0 ? 'danger' : undefined}>
      {text}
    </Typography.Text>
  );
}

/** 长款 green, 短款 red, 平账 plain: the amount and its word. */
export function OverShort({ fen }: { fen: number | null | undefined }) {
  if (fen == null) return <span>—</span>;
  const word = overShortLabel(fen);
  return (
    <Typography.Text type={fen < 0 ? 'danger' : fen > 0 ? 'success' : undefined} strong={fen !== 0}>
      {fen === 0 ? word : `${word} ${fenToYuan(Math.abs(fen))}`}
    </Typography.Text>
  );
}

type KindRow = { kind: string; label: string; cells: Record<string, ShiftCell | undefined>; total: number };

/** The movements of a shift by kind (rows) and method (columns), each a sum of its till ledger rows. */
export function KindMethodTable({ figures }: { figures: ShiftFigures }) {
  const methods = [...new Set([...TILL_METHODS, ...figures.cells.map((c) => c.method)])].filter((m) =>
    figures.cells.some((c) => c.method === m),
  );
  const rows: KindRow[] = TILL_KINDS.filter((k) => figures.cells.some((c) => c.kind === k)).map((k) => ({
    kind: k,
    label: TILL_KIND_LABELS[k],
    cells: Object.fromEntries(figures.cells.filter((c) => c.kind === k).map((c) => [c.method, c])),
    total: figures.by_kind[k] ?? 0,
  }));
  const columns: TableColumnsType<KindRow> = [
    { title: '类型', dataIndex: 'label', width: 130 },
    ...methods.map((m) => ({
      title: tillMethodLabel(m),
      key: m,
      align: 'right' as const,
      render: (_: unknown, r: KindRow) => {
        const c = r.cells[m];
        return c ? (
          <span>
            <Yuan fen={c.amount_fen} />
            <Typography.Text type="secondary">{` (${c.count}笔)`}</Typography.Text>
          </span>
        ) : (
          '—'
        );
      },
    })),
    { title: '小计', dataIndex: 'total', align: 'right', render: (f: number) => <Yuan fen={f} strong /> },
  ];
  return (
    <Table<KindRow>
      size="small"
      rowKey="kind"
      columns={columns}
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: '本班次暂无收支' }}
      summary={() =>
        rows.length > 0 && (
          <Table.Summary.Row style={{ fontWeight: 600 }}>
            <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
            {methods.map((m, i) => (
              <Table.Summary.Cell key={m} index={i + 1} align="right">
                <Yuan fen={figures.by_method[m] ?? 0} />
              </Table.Summary.Cell>
            ))}
            <Table.Summary.Cell index={methods.length + 1} align="right">
              <Yuan fen={Object.values(figures.by_method).reduce((s, v) => s + v, 0)} />
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )
      }
    />
  );
}

/** A cash count by denomination: face, pieces, amount, and the total counted. */
export function CountTable({ lines }: { lines: CashCountLine[] }) {
  const rows = lines.filter((l) => l.count > 0);
  const total = rows.reduce((s, l) => s + l.face_fen * l.count, 0);
  return (
    <Table<CashCountLine>
      size="small"
      rowKey="face_fen"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: '未点钞' }}
      columns={[
        { title: '面额', dataIndex: 'face_fen', render: (f: number) => cashFaceLabel(f) },
        { title: '张数', dataIndex: 'count', align: 'right' },
        {
          title: '金额(元)',
          key: 'amount',
          align: 'right',
          render: (_: unknown, l) => fenToYuan(l.face_fen * l.count),
        },
      ]}
      summary={() =>
        rows.length > 0 && (
          <Table.Summary.Row style={{ fontWeight: 600 }}>
            <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              {rows.reduce((s, l) => s + l.count, 0)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              {fenToYuan(total)}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )
      }
    />
  );
}
