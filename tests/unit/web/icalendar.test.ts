// The iCalendar writer (RFC 5545): escaping, folding at 75 octets, CRLF, all-day and UTC-timed
// events, checked by hand and by a maintained parser (ical.js).
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, utcDateTime, writeCalendar, type CalendarEvent } from '@/lib/web/icalendar';

const octets = (s: string) => Buffer.byteLength(s, 'utf8');

describe('escapeText', () => {
  it.each([
    ['plain', 'Easy run', 'Easy run'],
    ['comma and semicolon', '3 x 5, RPE 8; rest 3:00', '3 x 5\\, RPE 8\\; rest 3:00'],
    ['backslash first', 'C:\\plan', 'C:\\\\plan'],
    ['LF, CRLF and CR are \\n', 'a\nb\r\nc\rd', 'a\\nb\\nc\\nd'],
    ['controls dropped', 'bell\u0007tab\u000b', 'belltab'],
    ['hostile property injection stays text', 'x\r\nEND:VEVENT\r\nBEGIN:VEVENT', 'x\\nEND:VEVENT\\nBEGIN:VEVENT'],
  ])('%s', (_name, input, expected) => {
    expect(escapeText(input)).toBe(expected);
    expect(escapeText(input)).not.toMatch(/[\r\n]/);
  });
});

describe('foldLine', () => {
  it.each([
    ['short line untouched', 'SUMMARY:Easy run'],
    ['exactly 75 octets untouched', `X:${'a'.repeat(73)}`],
    ['76 octets folds', `X:${'a'.repeat(74)}`],
    ['long ASCII', `DESCRIPTION:${'Back squat: 3 x 5 @ 100 kg. '.repeat(12)}`],
    ['multi-byte never split (é, 2 octets)', `DESCRIPTION:${'é'.repeat(100)}`],
    ['emoji never split (4 octets)', `DESCRIPTION:${'🏃'.repeat(40)}`],
  ])('%s', (_name, line) => {
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    for (const [i, l] of physical.entries()) {
      expect(octets(l), `line ${i}`).toBeLessThanOrEqual(75);
      if (i > 0) expect(l.startsWith(' ')).toBe(true);
      expect(l).not.toContain('\uFFFD');
    }
    // Unfolding (RFC 5545 3.1: remove CRLF + one space) gives the line back.
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(physical.length > 1).toBe(octets(line) > 75);
  });
});

const stamp = new Date('2026-11-27T10:00:00Z');
const base: Omit<CalendarEvent, 'uid' | 'when'> = {
  summary: 'Intervals, 6 x 800 m',
  description: 'Warm-up: 15:00 easy\nInterval: 6 x 0.8 km, at 3:50 /km; 2:30 jog\n\nNotes, with; punctuation \\ here',
  status: 'CONFIRMED',
  sequence: 3,
  created: new Date('2026-11-01T08:00:00Z'),
  lastModified: new Date('2026-11-20T09:30:00Z'),
  transparent: false,
  categories: ['Training', 'Run'],
};

function doc(events: CalendarEvent[]) {
  return writeCalendar({
    prodId: '-//Pacewise//Test//EN',
    name: 'Pacewise training',
    description: 'Sessions',
    timezone: 'Europe/London',
    refreshMinutes: 60,
    stamp,
    events,
  });
}

describe('writeCalendar', () => {
  const text = doc([
    { ...base, uid: 'w1@pacewise.example', when: { allDay: true, date: '2026-12-31' } },
    {
      ...base,
      uid: 'w2@pacewise.example',
      when: { allDay: false, start: new Date('2026-03-29T06:00:00Z'), end: new Date('2026-03-29T07:00:00Z') },
      status: 'CANCELLED',
      summary: 'Skipped: Long run',
    },
  ]);

  it('ends every line with CRLF, folds each to 75 octets, and has no bare LF', () => {
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it('parses with ical.js: all-day DATE ending the next day, timed in UTC, text unescaped, status and sequence kept', () => {
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    const [allDay, timed] = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(allDay!.startDate.isDate).toBe(true);
    expect(allDay!.startDate.toString()).toBe('2026-12-31');
    expect(allDay!.endDate.toString()).toBe('2027-01-01');
    expect(allDay!.description).toBe(base.description);
    expect(allDay!.summary).toBe('Intervals, 6 x 800 m');
    expect(timed!.startDate.isDate).toBe(false);
    expect(timed!.startDate.zone.tzid).toBe('UTC');
    expect(timed!.startDate.toJSDate().toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(timed!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(timed!.sequence).toBe(3);
    expect(timed!.component.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-11-27T10:00:00Z');
    expect(timed!.component.getFirstPropertyValue('last-modified')!.toString()).toBe('2026-11-20T09:30:00Z');
  });

  it('writes UTC DATE-TIME values with a Z', () => {
    expect(utcDateTime(new Date('2026-01-02T03:04:05Z'))).toBe('20260102T030405Z');
    expect(text).toContain('DTSTART;VALUE=DATE:20261231');
    expect(text).toContain('DTEND;VALUE=DATE:20270101');
    expect(text).toContain('DTSTART:20260329T060000Z');
  });
});
