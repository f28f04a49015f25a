import type { CSSProperties, ReactNode } from 'react';

/** One machine on a map: a tile in its state's look (seatLook) with its name and a second line. */
export function SeatTile(props: {
  name: string;
  /** Background, text colour and border (seat-style.ts: seatLook), text at 4.5:1 or more. */
  look: CSSProperties;
  sub?: ReactNode;
  selected?: boolean;
  dim?: boolean;
  style?: CSSProperties;
}) {
  const { name, look, sub, selected, dim } = props;
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        boxSizing: 'border-box',
        borderRadius: 6,
        ...look,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        fontWeight: 600,
        fontSize: 13,
        lineHeight: 1.2,
        boxShadow: selected ? '0 0 0 3px #003eb3' : '0 1px 2px rgba(0,0,0,0.15)',
        opacity: dim ? 0.55 : 1,
        userSelect: 'none',
        ...props.style,
      }}
    >
      <span>{name}</span>
      {sub ? <span style={{ fontSize: 11, fontWeight: 400 }}>{sub}</span> : null}
    </div>
  );
}
