import { type DesktopSaveBody, wallpaperUrl } from '@netbar/contract';
import { useEffect, useRef, useState } from 'react';
import { iconView } from './desktop-icon-view';

const W = 1920;
const H = 1080;

interface Props {
  draft: DesktopSaveBody;
  imagesBase: string;
  storeName?: string;
}

/**
 * The PC's desktop as it will look, laid out at 1920×1080 and scaled to the card's width: the wallpaper,
 * the ticker along the top, the icon groups in their order, the taskbar. Redrawn on every edit.
 */
export function DesktopPreview({ draft, imagesBase, storeName }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.4);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const fit = () => setScale(el.clientWidth / W || 0.4);
    fit();
    const ro = new ResizeObserver(fit);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const bg = draft.wallpaper
    ? `center / cover no-repeat url("${wallpaperUrl(imagesBase, draft.wallpaper, 1920)}")`
    : 'linear-gradient(135deg, #0b1a3a, #2b4c7e)';
  return (
    <div ref={box} style={{ width: '100%', height: H * scale, overflow: 'hidden', borderRadius: 6 }}>
      <div
        data-testid="desktop-preview"
        style={{
          width: W,
          height: H,
          transform: `scale(${scale})`,
          transformOrigin: 'top left',
          background: bg,
          position: 'relative',
          fontFamily: "'Noto Sans CJK SC','Microsoft YaHei',sans-serif",
          color: '#fff',
        }}
      >
        <style>
          {
            '@keyframes nb-ticker { from { transform: translateX(1920px) } to { transform: translateX(-100%) } }'
          }
        </style>
        {draft.ticker ? (
          <div
            style={{
              height: 56,
              background: 'rgba(0,0,0,0.45)',
              overflow: 'hidden',
              whiteSpace: 'nowrap',
              fontSize: 30,
              lineHeight: '56px',
            }}
          >
            <div style={{ display: 'inline-block', animation: 'nb-ticker 18s linear infinite' }}>
              公告：{draft.ticker}
            </div>
          </div>
        ) : null}
        <div style={{ display: 'flex', gap: 40, padding: 60, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          {draft.groups.map((g, gi) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: groups have no id of their own; the preview is redrawn whole
              key={`${g.name}-${gi}`}
              style={{
                background: 'rgba(0,0,0,0.35)',
                borderRadius: 18,
                padding: '20px 24px 28px',
                width: 4 * 132 + 48,
              }}
            >
              <div style={{ fontSize: 30, fontWeight: 700, marginBottom: 16 }}>{g.name}</div>
              <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 132px)', rowGap: 20 }}>
                {g.icons.map((i, n) => {
                  const v = iconView(i, imagesBase);
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a custom icon may repeat a name
                    <div key={`${v.name}-${n}`} style={{ textAlign: 'center' }}>
                      {v.src ? <img src={v.src} alt={v.name} width={96} height={96} /> : null}
                      <div style={{ fontSize: 22, marginTop: 6, textShadow: '0 1px 3px #000' }}>{v.name}</div>
                    </div>
                  );
                })}
              </div>
            </div>
          ))}
        </div>
        <div
          style={{
            position: 'absolute',
            left: 0,
            right: 0,
            bottom: 0,
            height: 64,
            background: 'rgba(10,10,20,0.8)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            padding: '0 32px',
            fontSize: 26,
          }}
        >
          <span>{storeName ?? '欢迎上机'}</span>
          <span>{draft.band_start ? `时段 ${draft.band_start}-${draft.band_end}` : '全天'}</span>
        </div>
      </div>
    </div>
  );
}
