import { Card, Tabs } from 'antd';
import { BookingTimeline } from '../components/booking-timeline';
import { DeskBoard } from '../components/desk-board';
import { DeskTable } from '../components/desk-table';

/** /application_manage/private_room (10521): the counter board, the day's bookings, rooms and tables. */
export default function PrivateRoomPage() {
  return (
    <Card title="包间管理">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'board', label: '包间状态', children: <DeskBoard /> },
          { key: 'bookings', label: '预订', children: <BookingTimeline /> },
          { key: 'desks', label: '包间/桌台', children: <DeskTable /> },
        ]}
      />
    </Card>
  );
}
