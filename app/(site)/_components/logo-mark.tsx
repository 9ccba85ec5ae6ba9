/** The Pacewise mark: a rising pace line on a rounded square. Decorative next to the name. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg className="logo-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect className="logo-mark-bg" width="32" height="32" rx="8" />
      <polyline
        className="logo-mark-line"
        points="5,21 10,21 13,13 17.5,24 21,15 27,9"
        fill="none"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
