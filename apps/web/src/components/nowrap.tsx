import type { ReactNode } from 'react';

/** A table cell kept on one line (times, numbers): a date and time no longer doubles every row's height. */
export const nowrap = (v: ReactNode) => <span style={{ whiteSpace: 'nowrap' }}>{v ?? '—'}</span>;

/** A long text cut to `width` px with an ellipsis; the whole text in its tooltip. */
export const clipped = (width: number) => (v: string) => (
  <span
    title={v}
    style={{
      display: 'inline-block',
      maxWidth: width,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      verticalAlign: 'bottom',
    }}
  >
    {v}
  </span>
);
