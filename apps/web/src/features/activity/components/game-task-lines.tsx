import {
  fenToYuan,
  GAME_METRIC_LABELS,
  GAME_METRIC_UNITS,
  GAME_PERIOD_LABELS,
  type GameTaskRow,
} from '@netbar/contract';

/** 每日 胜场达到3场 → 奖励金5.00元（已发 12/200）. */
export function taskText(t: GameTaskRow) {
  const reward = t.reward_kind === 'bonus' ? `奖励金${fenToYuan(t.amount)}元` : `${t.amount}积分`;
  return `${GAME_PERIOD_LABELS[t.period]}${GAME_METRIC_LABELS[t.metric]}达到${t.target}${GAME_METRIC_UNITS[t.metric]} → ${reward}`;
}

export function GameTaskLines({ tasks }: { tasks: GameTaskRow[] }) {
  return (
    <>
      {tasks.map((t) => (
        <div key={t.prize_id} style={{ fontSize: 12, lineHeight: '20px' }}>
          <b>{t.name}</b>：{taskText(t)}（已发 {t.issued}/{t.quantity}）
        </div>
      ))}
    </>
  );
}
