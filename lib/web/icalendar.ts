// An RFC 5545 iCalendar writer for one published calendar of events: TEXT escaping (§3.3.11),
// line folding at 75 octets without splitting a UTF-8 character (§3.1), CRLF line ends, DATE values
// for all-day events and UTC DATE-TIME values for timed ones (so no VTIMEZONE is needed, §3.3.5
// form #2). Small enough to own: the two libraries that do this need a VTIMEZONE source besides. Pure.

export type CalendarEvent = {
  uid: string;
  /** What the calendar shows as the title. */
  summary: string;
  description: string;
  /** An all-day event on a local calendar date, or a timed one between two instants. */
  when: { allDay: true; date: string } | { allDay: false; start: Date; end: Date };
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  sequence: number;
  created: Date;
  lastModified: Date;
  /** Busy (OPAQUE) or not blocking time (TRANSPARENT). */
  transparent: boolean;
  categories?: string[];
};

export type CalendarDocument = {
  /** PRODID: "-//Owner//Product//EN". */
  prodId: string;
  /** X-WR-CALNAME / NAME: the name a client gives the subscription. */
  name: string;
  description: string;
  /** IANA zone shown to clients that read X-WR-TIMEZONE (times themselves are UTC). */
  timezone: string;
  /** How often clients should fetch again (REFRESH-INTERVAL, RFC 7986), in minutes. */
  refreshMinutes: number;
  /** DTSTAMP of every event: when this document was made. */
  stamp: Date;
  events: readonly CalendarEvent[];
};

/** TEXT value escaping: backslash, semicolon and comma escaped, every line break as `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ''); // controls are not allowed in TEXT
}

const encoder = new TextEncoder();

/** UTF-8 length of one code point (a `for...of` character). */
function utf8Octets(ch: string): number {
  const cp = ch.codePointAt(0)!;
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/**
 * One content line folded to lines of at most 75 octets: each continuation starts with one space
 * (which counts toward its 75), and a multi-byte character is never split.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = utf8Octets(ch);
    const limit = out.length === 0 ? 75 : 74; // continuation lines carry the leading space
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A UTC DATE-TIME: 20261201T073000Z. */
export function utcDateTime(d: Date): string {
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}

/** A DATE from YYYY-MM-DD: 20261201. */
export function dateValue(isoDate: string): string {
  return isoDate.replace(/-/g, '');
}

function nextDay(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

function eventLines(e: CalendarEvent, stamp: Date): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${escapeText(e.uid)}`, `DTSTAMP:${utcDateTime(stamp)}`];
  if (e.when.allDay) {
    // DTEND of an all-day event is the next day (exclusive), which every client reads alike.
    lines.push(`DTSTART;VALUE=DATE:${dateValue(e.when.date)}`, `DTEND;VALUE=DATE:${dateValue(nextDay(e.when.date))}`);
  } else {
    lines.push(`DTSTART:${utcDateTime(e.when.start)}`, `DTEND:${utcDateTime(e.when.end)}`);
  }
  lines.push(
    `SUMMARY:${escapeText(e.summary)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    `STATUS:${e.status}`,
    `SEQUENCE:${Math.max(0, Math.trunc(e.sequence))}`,
    `CREATED:${utcDateTime(e.created)}`,
    `LAST-MODIFIED:${utcDateTime(e.lastModified)}`,
    `TRANSP:${e.transparent ? 'TRANSPARENT' : 'OPAQUE'}`,
  );
  if (e.categories?.length) lines.push(`CATEGORIES:${e.categories.map(escapeText).join(',')}`);
  lines.push('END:VEVENT');
  return lines;
}

/** The whole document, CRLF-terminated lines, each folded. */
export function writeCalendar(doc: CalendarDocument): string {
  const refresh = `PT${Math.max(1, Math.round(doc.refreshMinutes))}M`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${doc.prodId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(doc.name)}`,
    `X-WR-CALNAME:${escapeText(doc.name)}`,
    `DESCRIPTION:${escapeText(doc.description)}`,
    `X-WR-CALDESC:${escapeText(doc.description)}`,
    `X-WR-TIMEZONE:${escapeText(doc.timezone)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${refresh}`,
    `X-PUBLISHED-TTL:${refresh}`,
    ...doc.events.flatMap((e) => eventLines(e, doc.stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
