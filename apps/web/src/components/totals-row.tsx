import { Table } from 'antd';
import type { ReactNode } from 'react';

/** A table's bold 合计 summary row: the label in the first column, then the figures right-aligned. */
export function TotalsRow({ cells }: { cells: ReactNode[] }) {
  return (
    <Table.Summary.Row style={{ fontWeight: 600 }}>
      <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
      {[...cells.entries()].map(([i, c]) => (
        // the columns are fixed: the cell's column index is its identity
        <Table.Summary.Cell key={`col-${i + 1}`} index={i + 1} align="right">
          {c}
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}
