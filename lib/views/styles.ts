// The views' one stylesheet: host theme variables when the host gives them (MCP Apps style keys),
// the system's light or dark scheme otherwise; readable at a phone's width.
export const VIEW_CSS = `
:root{color-scheme:light dark;--pw-bg:var(--color-background-primary,Canvas);--pw-fg:var(--color-text-primary,CanvasText);
--pw-muted:var(--color-text-secondary,#5b6470);--pw-line:var(--color-border-primary,#c9ced6);--pw-accent:#0b63c5;--pw-ok:#1a7f37;--pw-warn:#9a6700}
@media (prefers-color-scheme:dark){:root{--pw-muted:var(--color-text-secondary,#a4adb8);--pw-line:var(--color-border-primary,#3a424d);--pw-accent:#6cb6ff;--pw-ok:#57ab5a;--pw-warn:#d29922}}
[data-theme=dark]{--pw-muted:#a4adb8;--pw-line:#3a424d;--pw-accent:#6cb6ff;--pw-ok:#57ab5a;--pw-warn:#d29922}
body{margin:0;background:var(--pw-bg);color:var(--pw-fg);font:14px/1.45 var(--font-sans,system-ui,-apple-system,"Segoe UI",sans-serif)}
.pw{padding:12px;max-width:760px}
.pw h2{font-size:16px;margin:0 0 8px}.pw h3{font-size:14px;margin:12px 0 4px}
.pw-days{list-style:none;margin:0;padding:0;display:grid;gap:6px}
.pw-day{border:1px solid var(--pw-line);border-radius:8px;padding:8px}
.pw-day time{font-weight:600}.pw-muted{color:var(--pw-muted)}
.pw-status{font-size:12px;border-radius:999px;padding:1px 8px;border:1px solid currentColor;margin-left:6px}
.pw-status.completed{color:var(--pw-ok)}.pw-status.skipped{color:var(--pw-warn)}.pw-status.scheduled{color:var(--pw-accent)}
.pw table{border-collapse:collapse;width:100%;margin:4px 0 8px}.pw th,.pw td{border-bottom:1px solid var(--pw-line);padding:3px 6px;text-align:left}
.pw td.n,.pw th.n{text-align:right;font-variant-numeric:tabular-nums}
.pw svg{max-width:100%;height:auto}.pw .axis{stroke:var(--pw-line)}.pw .series{fill:none;stroke:var(--pw-accent);stroke-width:2}
.pw .dot{fill:var(--pw-accent)}.pw .label{fill:var(--pw-muted);font-size:11px}
.pw button{font:inherit;border:1px solid var(--pw-accent);color:var(--pw-accent);background:transparent;border-radius:6px;padding:3px 10px;cursor:pointer}
.pw details{margin-top:4px}
`;
