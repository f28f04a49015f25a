import { DeleteOutlined } from '@ant-design/icons';
import { CELL_KIND_LABEL, type CellKind, type MachineRow } from '@netbar/contract';
import { Button, Empty, Space, Typography } from 'antd';
import type { DragEvent } from 'react';
import { FIXTURE_STYLE } from './seat-style';

/** What the editor places next: a fixture, a machine, or the eraser. */
export type Tool = { kind: CellKind; machine_id?: number } | { kind: 'erase' } | null;

/** What a drag carries: a palette item, or a placed cell moving from (x, y). */
export interface DragLoad {
  kind: CellKind;
  machine_id?: number;
  from?: { x: number; y: number };
}
export const DRAG_TYPE = 'text/plain';
export const startDrag = (e: DragEvent, load: DragLoad) => {
  e.dataTransfer.setData(DRAG_TYPE, JSON.stringify(load));
  e.dataTransfer.effectAllowed = 'move';
};
export function readDrag(e: DragEvent): DragLoad | null {
  try {
    return JSON.parse(e.dataTransfer.getData(DRAG_TYPE)) as DragLoad;
  } catch {
    return null;
  }
}

const FIXTURES = ['aisle', 'counter', 'door', 'wall'] as const;

interface Props {
  tool: Tool;
  onTool: (t: Tool) => void;
  unplaced: MachineRow[];
  /** A placed cell dropped here is taken off the map. */
  onRemoveDrop: (from: { x: number; y: number }) => void;
}

const same = (a: Tool, kind: string, id?: number) =>
  !!a && a.kind === kind && (a.kind !== 'machine' || ('machine_id' in a && a.machine_id === id));

/** The editor's palette: fixtures and unplaced machines, dragged onto the grid or picked then clicked. */
export function LayoutPalette({ tool, onTool, unplaced, onRemoveDrop }: Props) {
  return (
    <div style={{ width: 220, flex: 'none' }}>
      <Typography.Text strong>设施</Typography.Text>
      <Space wrap style={{ margin: '8px 0 16px' }}>
        {FIXTURES.map((k) => {
          const { label: _l, ...look } = FIXTURE_STYLE[k];
          return (
            <Button
              key={k}
              size="small"
              draggable
              onDragStart={(e) => startDrag(e, { kind: k })}
              type={same(tool, k) ? 'primary' : 'default'}
              onClick={() => onTool(same(tool, k) ? null : { kind: k })}
              icon={
                <span style={{ ...look, display: 'inline-block', width: 12, height: 12, borderRadius: 2 }} />
              }
            >
              {CELL_KIND_LABEL[k]}
            </Button>
          );
        })}
        <Button
          size="small"
          danger={tool?.kind === 'erase'}
          type={tool?.kind === 'erase' ? 'primary' : 'default'}
          icon={<DeleteOutlined />}
          onClick={() => onTool(tool?.kind === 'erase' ? null : { kind: 'erase' })}
        >
          橡皮擦
        </Button>
      </Space>
      <Typography.Text strong>未放置的机器（{unplaced.length}）</Typography.Text>
      <div style={{ maxHeight: 320, overflowY: 'auto', margin: '8px 0 16px' }} data-testid="unplaced">
        {unplaced.length ? (
          <Space wrap size={6}>
            {unplaced.map((m) => (
              <Button
                key={m.id}
                size="small"
                draggable
                onDragStart={(e) => startDrag(e, { kind: 'machine', machine_id: m.id })}
                type={same(tool, 'machine', m.id) ? 'primary' : 'dashed'}
                onClick={() =>
                  onTool(same(tool, 'machine', m.id) ? null : { kind: 'machine', machine_id: m.id })
                }
              >
                {m.name}
              </Button>
            ))}
          </Space>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本区域的机器都已放置" />
        )}
      </div>
      <div
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          const load = readDrag(e);
          if (load?.from) onRemoveDrop(load.from);
        }}
        style={{
          border: '1px dashed #ff7875',
          color: '#cf1322',
          borderRadius: 6,
          padding: 12,
          textAlign: 'center',
        }}
      >
        拖到这里移出地图
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 12 }}>
        把设施或机器拖到网格上；也可先点选再点击格子。拖动已放置的元素可移动位置，与目标格交换。
      </Typography.Paragraph>
    </div>
  );
}
