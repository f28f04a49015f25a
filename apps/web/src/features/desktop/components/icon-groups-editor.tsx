import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { DESKTOP_GAMES, DESKTOP_LIMITS, type DesktopGroup, type DesktopIcon } from '@netbar/contract';
import { Button, Card, Input, Select, Space, Tooltip } from 'antd';
import { CustomIconButton } from './custom-icon-button';
import { iconKey, iconView } from './desktop-icon-view';

interface Props {
  value: DesktopGroup[];
  onChange: (groups: DesktopGroup[]) => void;
  imagesBase: string;
}

function SortableIcon({
  id,
  icon,
  imagesBase,
  onRemove,
}: {
  id: string;
  icon: DesktopIcon;
  imagesBase: string;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  const v = iconView(icon, imagesBase);
  return (
    <div
      ref={setNodeRef}
      data-testid="desktop-icon"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        width: 76,
        textAlign: 'center',
        cursor: 'grab',
        opacity: isDragging ? 0.6 : 1,
        position: 'relative',
      }}
      {...attributes}
      {...listeners}
    >
      <img src={v.src} alt={v.name} width={48} height={48} draggable={false} />
      <div style={{ fontSize: 12, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {v.name}
      </div>
      <Tooltip title="移除">
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          style={{ position: 'absolute', top: -6, right: -4 }}
          onPointerDown={(e) => e.stopPropagation()}
          onClick={onRemove}
          aria-label={`移除${v.name}`}
        />
      </Tooltip>
    </div>
  );
}

/** The icon groups in order: drag an icon to reorder it in its group; add games from the list or custom ones. */
export function IconGroupsEditor({ value, onChange, imagesBase }: Props) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const setGroup = (gi: number, g: DesktopGroup) => onChange(value.map((x, i) => (i === gi ? g : x)));
  const move = (gi: number, by: number) => {
    const to = gi + by;
    if (to >= 0 && to < value.length) onChange(arrayMove(value, gi, to));
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value.map((g, gi) => {
        const ids = g.icons.map(iconKey);
        const onDragEnd = (e: DragEndEvent) => {
          if (!e.over || e.active.id === e.over.id) return;
          const from = ids.indexOf(String(e.active.id));
          const to = ids.indexOf(String(e.over.id));
          if (from >= 0 && to >= 0) setGroup(gi, { ...g, icons: arrayMove(g.icons, from, to) });
        };
        const used = new Set(g.icons.flatMap((i) => (i.kind === 'game' ? [i.game_id] : [])));
        return (
          <Card
            // biome-ignore lint/suspicious/noArrayIndexKey: groups have no id of their own
            key={gi}
            size="small"
            title={
              <Input
                value={g.name}
                maxLength={DESKTOP_LIMITS.groupNameMax}
                style={{ width: 160 }}
                aria-label="分组名称"
                onChange={(e) => setGroup(gi, { ...g, name: e.target.value })}
              />
            }
            extra={
              <Space size={4}>
                <Button size="small" disabled={gi === 0} onClick={() => move(gi, -1)}>
                  上移
                </Button>
                <Button size="small" disabled={gi === value.length - 1} onClick={() => move(gi, 1)}>
                  下移
                </Button>
                <Button size="small" danger onClick={() => onChange(value.filter((_, i) => i !== gi))}>
                  删除分组
                </Button>
              </Space>
            }
          >
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <SortableContext items={ids} strategy={rectSortingStrategy}>
                <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, minHeight: 60 }}>
                  {g.icons.map((icon, n) => (
                    <SortableIcon
                      key={ids[n]}
                      id={ids[n]!}
                      icon={icon}
                      imagesBase={imagesBase}
                      onRemove={() => setGroup(gi, { ...g, icons: g.icons.filter((_, k) => k !== n) })}
                    />
                  ))}
                </div>
              </SortableContext>
            </DndContext>
            <Space style={{ marginTop: 8 }} wrap>
              <Select
                style={{ width: 200 }}
                placeholder="添加游戏"
                showSearch
                optionFilterProp="label"
                value={null}
                aria-label="添加游戏"
                options={DESKTOP_GAMES.filter((x) => !used.has(x.id)).map((x) => ({
                  value: x.id,
                  label: `${x.name}（${x.kind}）`,
                }))}
                onChange={(id: string) =>
                  setGroup(gi, { ...g, icons: [...g.icons, { kind: 'game', game_id: id }] })
                }
              />
              <CustomIconButton onAdd={(icon) => setGroup(gi, { ...g, icons: [...g.icons, icon] })} />
            </Space>
          </Card>
        );
      })}
      {value.length < DESKTOP_LIMITS.groupsMax ? (
        <Button
          icon={<PlusOutlined />}
          onClick={() => onChange([...value, { name: `分组${value.length + 1}`, icons: [] }])}
        >
          添加分组
        </Button>
      ) : null}
    </Space>
  );
}
