import type { CellKind, LayoutCell } from '@netbar/contract';
import type { DragEvent, ReactNode } from 'react';
import { CELL_GAP, CELL_PX, FIXTURE_STYLE } from './seat-style';

export interface SeatGridProps {
  cols: number;
  rows: number;
  cells: LayoutCell[];
  /** How a machine cell looks (its state colour, name, tooltip …). */
  renderMachine: (cell: LayoutCell) => ReactNode;
  /** Editor only: empty cells are drawn (and can be dropped on / clicked). */
  showEmpty?: boolean;
  cellPx?: number;
  onCellClick?: (x: number, y: number, cell: LayoutCell | undefined) => void;
  onCellDrop?: (x: number, y: number, e: DragEvent<HTMLDivElement>) => void;
  onCellDragStart?: (cell: LayoutCell, e: DragEvent<HTMLDivElement>) => void;
  label?: string;
}

function Fixture({ kind, px }: { kind: Exclude<CellKind, 'machine'>; px: number }) {
  const { label, ...style } = FIXTURE_STYLE[kind];
  return (
    <div
      style={{
        ...style,
        width: '100%',
        height: '100%',
        borderRadius: 4,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: px < 48 ? 11 : 13,
      }}
    >
      {label}
    </div>
  );
}

/** A seat map drawn on a CSS grid: the one renderer of the editor, the live map and the public page. */
export function SeatGrid(props: SeatGridProps) {
  const { cells, renderMachine, showEmpty, onCellClick, onCellDrop, onCellDragStart } = props;
  // outside the editor, empty rows and columns beyond the drawing are not shown
  const fit = !showEmpty && cells.length > 0;
  const cols = fit ? Math.min(props.cols, Math.max(...cells.map((c) => c.x)) + 1) : props.cols;
  const rows = fit ? Math.min(props.rows, Math.max(...cells.map((c) => c.y)) + 1) : props.rows;
  const px = props.cellPx ?? CELL_PX;
  const at = new Map(cells.map((c) => [`${c.x},${c.y}`, c]));
  const slots: ReactNode[] = [];
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < cols; x++) {
      const cell = at.get(`${x},${y}`);
      if (!cell && !showEmpty) {
        slots.push(<div key={`${x},${y}`} />);
        continue;
      }
      slots.push(
        <div
          key={`${x},${y}`}
          data-cell={`${x},${y}`}
          data-kind={cell?.kind ?? 'empty'}
          draggable={!!cell && !!onCellDragStart}
          onDragStart={cell && onCellDragStart ? (e) => onCellDragStart(cell, e) : undefined}
          onDragOver={onCellDrop ? (e) => e.preventDefault() : undefined}
          onDrop={onCellDrop ? (e) => onCellDrop(x, y, e) : undefined}
          onClick={onCellClick ? () => onCellClick(x, y, cell) : undefined}
          style={{
            width: px,
            height: px,
            borderRadius: 4,
            outline: showEmpty && !cell ? '1px dashed #e5e5e5' : undefined,
            cursor: onCellClick ? 'pointer' : undefined,
          }}
        >
          {cell ? cell.kind === 'machine' ? renderMachine(cell) : <Fixture kind={cell.kind} px={px} /> : null}
        </div>,
      );
    }
  return (
    <div style={{ overflowX: 'auto', paddingBottom: 4 }}>
      <section
        aria-label={props.label ?? '机位图'}
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${cols}, ${px}px)`,
          gridAutoRows: `${px}px`,
          gap: CELL_GAP,
          width: 'max-content',
        }}
      >
        {slots}
      </section>
    </div>
  );
}
