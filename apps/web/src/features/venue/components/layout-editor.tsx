import type { LayoutCell, MachineRow, SeatLayout } from '@netbar/contract';
import { VENUE_LIMITS } from '@netbar/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, InputNumber, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { fetchMachines } from '../api/venue-api';
import { venueKeys } from '../api/venue-keys';
import { useSaveLayout } from '../api/venue-mutations';
import { useLayout } from '../api/venue-queries';
import { place, without } from './layout-cells';
import { LayoutPalette, readDrag, startDrag, type Tool } from './layout-palette';
import { SeatGrid } from './seat-grid';
import { seatLook } from './seat-style';
import { SeatTile } from './seat-tile';

/** The seat-map editor of one area: a grid where fixtures and the area's machines are placed. */
export function LayoutEditor({ areaId }: { areaId: number }) {
  const layout = useLayout(areaId);
  const machines = useQuery({
    queryKey: [...venueKeys.machines(), 'area', areaId],
    queryFn: () => fetchMachines({ area_id: areaId, page: 1, page_size: 1000 }),
  });
  const [draft, setDraft] = useState<SeatLayout | null>(null);
  const [tool, setTool] = useState<Tool>(null);
  const save = useSaveLayout({ success: (r) => `保存成功（版本 v${r.data.version}）` });

  // a new version from the server (load, save, refresh) replaces the draft
  useEffect(() => {
    if (layout.data) setDraft(layout.data);
  }, [layout.data]);

  const list = machines.data?.list ?? [];
  const byId = useMemo(() => new Map(list.map((m) => [m.id, m])), [list]);
  if (!draft || !layout.data) return <Typography.Text type="secondary">加载中…</Typography.Text>;

  const placed = new Set(draft.cells.map((c) => c.machine_id));
  const unplaced = list.filter((m) => !placed.has(m.id));
  const dirty = JSON.stringify(draft) !== JSON.stringify(layout.data);
  const setCells = (cells: LayoutCell[]) => setDraft({ ...draft, cells });

  const resize = (cols: number, rows: number) =>
    setDraft({ ...draft, cols, rows, cells: draft.cells.filter((c) => c.x < cols && c.y < rows) });

  const onCellClick = (x: number, y: number, cell?: LayoutCell) => {
    if (!tool) return;
    if (tool.kind === 'erase') {
      if (cell) setCells(without(draft.cells, { x, y }));
      return;
    }
    setCells(place(draft.cells, tool, { x, y }));
    if (tool.kind === 'machine') {
      const next = unplaced.find((m) => m.id !== tool.machine_id);
      setTool(next ? { kind: 'machine', machine_id: next.id } : null);
    }
  };

  const renderMachine = (c: LayoutCell) => {
    const m = byId.get(c.machine_id ?? 0) as MachineRow | undefined;
    return <SeatTile name={m?.name ?? '?'} look={seatLook(m?.state ?? '离线')} />;
  };

  return (
    <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
      <LayoutPalette
        tool={tool}
        onTool={setTool}
        unplaced={unplaced}
        onRemoveDrop={(from) => setCells(without(draft.cells, from))}
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Space wrap style={{ marginBottom: 12 }}>
          <span>列数</span>
          <InputNumber
            aria-label="列数"
            min={VENUE_LIMITS.gridMin}
            max={VENUE_LIMITS.gridMax}
            precision={0}
            value={draft.cols}
            onChange={(v) => v && resize(v, draft.rows)}
          />
          <span>行数</span>
          <InputNumber
            aria-label="行数"
            min={VENUE_LIMITS.gridMin}
            max={VENUE_LIMITS.gridMax}
            precision={0}
            value={draft.rows}
            onChange={(v) => v && resize(draft.cols, v)}
          />
          <Button
            type="primary"
            loading={save.isPending}
            disabled={!dirty}
            onClick={() =>
              save.mutate({
                area_id: areaId,
                base_version: layout.data.version,
                cols: draft.cols,
                rows: draft.rows,
                cells: draft.cells,
              })
            }
          >
            保存机位图
          </Button>
          <Button disabled={!dirty} onClick={() => setDraft(layout.data)}>
            撤销修改
          </Button>
          <Button onClick={() => layout.refetch()}>重新载入</Button>
          {layout.data.version ? (
            <Tag color="blue">
              当前版本 v{layout.data.version} · {layout.data.saved_by} 保存于 {layout.data.saved_at}
            </Tag>
          ) : (
            <Tag>尚未保存</Tag>
          )}
          {dirty ? <Tag color="orange">有未保存的修改</Tag> : null}
        </Space>
        {tool ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message={
              tool.kind === 'erase'
                ? '点击格子移除其中的元素'
                : `点击格子放置：${tool.kind === 'machine' ? byId.get(tool.machine_id ?? 0)?.name : { aisle: '过道', counter: '吧台', door: '门', wall: '墙' }[tool.kind]}`
            }
          />
        ) : null}
        <SeatGrid
          label="机位图编辑"
          cols={draft.cols}
          rows={draft.rows}
          cells={draft.cells}
          showEmpty
          renderMachine={renderMachine}
          onCellClick={onCellClick}
          onCellDragStart={(cell, e) =>
            startDrag(e, { kind: cell.kind, machine_id: cell.machine_id, from: cell })
          }
          onCellDrop={(x, y, e) => {
            e.preventDefault();
            const load = readDrag(e);
            if (!load) return;
            const { from, ...item } = load;
            setCells(place(draft.cells, item, { x, y }, from && { x: from.x, y: from.y }));
          }}
        />
      </div>
    </div>
  );
}
