import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '@/lib/coaching/cursor';

describe('list_workouts cursor', () => {
  it('round-trips the last (date, id) of a page', () => {
    expect(decodeCursor(encodeCursor({ date: '2026-03-01', id: 'wabc' }))).toEqual({ date: '2026-03-01', id: 'wabc' });
  });
  it.each(['', 'not base64 !', Buffer.from('{"a":1}').toString('base64url'), Buffer.from('["tomorrow","x"]').toString('base64url')])(
    'rejects %j with a recovery hint',
    (bad) => {
      expect(() => decodeCursor(bad)).toThrow(/pass nextCursor from the previous list_workouts result/);
    },
  );
});
