import type { CSSProperties, ReactNode } from 'react';

/** One machine on a map: a coloured tile with its name (and a second line, e.g. the state). */
export function SeatTile(props: {
  name: string;
  colour: string;
  sub?: ReactNode;
  selected?: boolean;
  dim?: boolean;
  style?: CSSProperties;
}) {
  const { name, colour, sub, selected, dim } = props;
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        borderRadius: 6,
        background: colour,
        color: '#fff',
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
