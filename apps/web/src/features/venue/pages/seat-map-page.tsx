import { Button, Card, Empty, Segmented, Space, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAreas } from '../api/venue-queries';
import { AreaListTab } from '../components/area-list-tab';
import { LayoutEditor } from '../components/layout-editor';
import { MachineListTab } from '../components/machine-list-tab';
import { ReservationList } from '../components/reservation-list';
import { SeatLinkPanel } from '../components/seat-link-panel';

function EditorTab() {
  const areas = useAreas();
  const [picked, setPicked] = useState<number>();
  const list = areas.data ?? [];
  const areaId = picked && list.some((a) => a.id === picked) ? picked : list[0]?.id;
  if (!areas.isLoading && !list.length)
    return <Empty description="还没有区域，请先在「区域管理」中新增区域，再在「机器管理」中添加机器" />;
  return (
    <>
      <Segmented
        style={{ marginBottom: 16 }}
        value={areaId}
        onChange={(v) => setPicked(Number(v))}
        options={list.map((a) => ({ value: a.id, label: `${a.name}（${a.machines}台）` }))}
      />
      {areaId ? <LayoutEditor key={areaId} areaId={areaId} /> : null}
    </>
  );
}

/** /application_manage/machine_position_diagram (10518): seat-map editor, machines, areas, public link. */
export default function SeatMapPage() {
  return (
    <Card
      title="机位图"
      extra={
        <Space>
          <Link to="/diagram_detail">
            <Button type="primary">查看实时机位图</Button>
          </Link>
        </Space>
      }
    >
      <Tabs
        destroyOnHidden
        items={[
          { key: 'editor', label: '机位图编辑', children: <EditorTab /> },
          { key: 'machines', label: '机器管理', children: <MachineListTab /> },
          { key: 'areas', label: '区域管理', children: <AreaListTab /> },
          {
            key: 'booking',
            label: '预订与公开链接',
            children: (
              <Space direction="vertical" size="large" style={{ width: '100%' }}>
                <SeatLinkPanel />
                <ReservationList />
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
