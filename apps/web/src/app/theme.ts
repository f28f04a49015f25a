import type { ThemeConfig } from 'antd';

/**
 * Theme tokens chosen once for WCAG AA contrast (4.5:1 on white, on the #f5f7fa page and on each tag's own
 * light background): a deeper primary / link blue, deeper status colours, the text colour of the light
 * preset tags one or two shades deeper, and secondary / placeholder text at 60% black instead of antd's
 * 45% and 25% (docs/decisions/071-accessibility.md). Pages set no colours of their own for this.
 */
const DEEPER_SHADE_7 = {
  cyan: '#006d75',
  green: '#237804',
  orange: '#ad4e00',
  yellow: '#876800',
  volcano: '#ad2102',
  gold: '#874d00',
  lime: '#3f6600',
};
const TAG_TEXT = Object.fromEntries(
  Object.entries(DEEPER_SHADE_7).flatMap(([name, hex]) => [
    [`${name}7`, hex],
    [`${name}-7`, hex],
  ]),
);

export const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#1261d6',
    colorLink: '#1261d6',
    colorInfo: '#1261d6',
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorWarning: '#874d00',
    colorTextSecondary: 'rgba(0, 0, 0, 0.68)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    // text of the light preset tags (<Tag color="gold">): antd's shade 7 is below 4.5:1 on shade 1; the
    // CSS variable is written from the legacy key ('gold-7'), so both spellings are set
    ...TAG_TEXT,
  },
};
