import { ACTIVITY_STATE_LABELS, type ActivityState } from '@netbar/contract';
import { Tag } from 'antd';

const COLORS: Record<ActivityState, string> = {
  draft: 'default',
  pending: 'blue',
  running: 'green',
  paused: 'orange',
  ended: 'default',
};

export const GameStateTag = ({ state }: { state: ActivityState }) => (
  <Tag color={COLORS[state]}>{ACTIVITY_STATE_LABELS[state]}</Tag>
);
