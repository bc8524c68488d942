import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkEmailList, followUpDue, windowIsValid, withinWindow } from './franchise-configs.js';

describe('checkEmailList', () => {
  it('accepts addresses separated by semicolons (or commas), trimmed, and an empty list', () => {
    expect(checkEmailList(' a@b.example ;c@d.example, e@f.example ')).toEqual({
      ok: true,
      addresses: ['a@b.example', 'c@d.example', 'e@f.example'],
    });
    expect(checkEmailList('')).toEqual({ ok: true, addresses: [] });
    expect(checkEmailList(' ; ')).toEqual({ ok: true, addresses: [] });
  });

  it.each([
    ['a@b.example;oops', "'oops' is not an email address"],
    ['ann smith@b.example', "'ann smith@b.example' is not an email address"],
    ['a@b', "'a@b' is not an email address"],
    ['<a@b.example>', "'<a@b.example>' is not an email address"],
    ['a@b.example;A@B.EXAMPLE', "'A@B.EXAMPLE' is listed twice"],
  ])('%s: %s', (value, message) => {
    expect(checkEmailList(value)).toEqual({ ok: false, message });
  });

  it('at most 20 addresses', () => {
    const many = Array.from({ length: 21 }, (_, i) => `u${i}@x.example`).join(';');
    expect(checkEmailList(many)).toEqual({ ok: false, message: 'at most 20 addresses' });
  });
});

describe('the follow-up window', () => {
  const window = { start: '13:00', end: '17:00' };
  it.each([
    ['2026-06-15 10:00:00', '2026-06-15 13:00:00'],
    ['2026-06-15 13:00:00', '2026-06-15 13:00:00'],
    ['2026-06-15 16:59:59', '2026-06-15 16:59:59'],
    ['2026-06-15 17:00:00', '2026-06-16 13:00:00'],
    ['2026-12-31 23:30:00', '2027-01-01 13:00:00'],
    ['2028-02-28 18:00:00', '2028-02-29 13:00:00'],
  ])('a follow-up added at %s is due at %s', (now, due) => {
    expect(followUpDue(now, window)).toBe(due);
  });

  it('is never before the call, and always inside the window', () => {
    const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }));
    const hhmm = ([h, m]: [number, number]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
    fc.assert(
      fc.property(time, time, time, (a, b, now) => {
        const [start, end] = [hhmm(a), hhmm(b)].sort() as [string, string];
        fc.pre(windowIsValid(start, end));
        const local = `2026-06-15 ${hhmm(now)}:30`;
        const due = followUpDue(local, { start, end });
        expect(due >= local).toBe(true);
        expect(withinWindow(due, { start, end })).toBe(true);
      }),
    );
  });

  it('a window needs its start before its end', () => {
    expect(windowIsValid('08:00', '17:00')).toBe(true);
    expect(windowIsValid('17:00', '17:00')).toBe(false);
    expect(windowIsValid('18:00', '17:00')).toBe(false);
    expect(windowIsValid('8:00', '17:00')).toBe(false);
  });
});
