// The share card drawn by next/og (Satori): inline styles only, and every element with several
// children must be a flex container. Uses the font bundled with next/og, so nothing is fetched.
const COLORS = { bg: '#0f1419', fg: '#e8ecf1', muted: '#a9b3bf', accent: '#5fd3a6' };

export const OG_SIZE = { width: 1200, height: 630 };

export function OgLogo({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32">
      <rect width="32" height="32" rx="8" fill={COLORS.accent} />
      <polyline
        points="5,21 10,21 13,13 17.5,24 21,15 27,9"
        fill="none"
        stroke={COLORS.bg}
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Shortens text at a word boundary so it fits the card. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,.;:]+$/, '')}…`;
}

type OgCardProps = { siteName: string; kicker: string; title: string; subtitle: string; host: string; place: string };

export function OgCard({ siteName, kicker, title, subtitle, host, place }: OgCardProps) {
  const titleSize = title.length > 70 ? 56 : title.length > 40 ? 66 : 76;
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        background: COLORS.bg,
        color: COLORS.fg,
        padding: '64px 72px',
        fontSize: 32,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
        <OgLogo size={64} />
        <div style={{ fontSize: 40, color: COLORS.fg }}>{siteName}</div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, justifyContent: 'center' }}>
        <div style={{ fontSize: 28, color: COLORS.accent, letterSpacing: 1, marginBottom: 18 }}>{kicker}</div>
        <div style={{ fontSize: titleSize, lineHeight: 1.1, color: COLORS.fg }}>{title}</div>
        <div style={{ fontSize: 30, lineHeight: 1.35, color: COLORS.muted, marginTop: 26 }}>{clip(subtitle, 170)}</div>
      </div>
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          borderTop: `4px solid ${COLORS.accent}`,
          paddingTop: 22,
          fontSize: 26,
          color: COLORS.muted,
        }}
      >
        <div>{host}</div>
        <div>{place}</div>
      </div>
    </div>
  );
}
