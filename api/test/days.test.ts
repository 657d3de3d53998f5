/**
 * The portal's calendar day is the day in Sarajevo (api/src/days.ts, decision 049): CET in winter, CEST
 * in summer, whatever the server's time zone.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addDays, addMonth, dayStart, isoDay } from '../src/days';

const day = (iso: string) => isoDay(new Date(iso));

describe('the portal’s calendar day', () => {
  it('begins at midnight in Sarajevo: 23:00 UTC in winter, 22:00 UTC in summer', () => {
    assert.equal(day('2026-01-31T22:59:59.999Z'), '2026-01-31');
    assert.equal(day('2026-01-31T23:00:00Z'), '2026-02-01');
    assert.equal(day('2026-01-31T23:30:00Z'), '2026-02-01', '00:30 CET');
    assert.equal(day('2026-03-31T21:59:59.999Z'), '2026-03-31');
    assert.equal(day('2026-03-31T22:00:00Z'), '2026-04-01');
    assert.equal(day('2026-03-31T22:30:00Z'), '2026-04-01', '00:30 CEST');
    assert.equal(day('2026-12-31T23:30:00Z'), '2027-01-01', 'a new year');
    assert.equal(day('2026-06-15T10:00:00Z'), '2026-06-15');
  });

  it('follows the clocks when they change, on 29 March and 25 October 2026', () => {
    // Spring: 02:00 CET becomes 03:00 CEST at 01:00 UTC on 29 March; the 29th has 23 hours.
    assert.equal(day('2026-03-28T22:59:59.999Z'), '2026-03-28');
    assert.equal(day('2026-03-28T23:00:00Z'), '2026-03-29');
    assert.equal(day('2026-03-29T00:59:59.999Z'), '2026-03-29');
    assert.equal(day('2026-03-29T01:00:00Z'), '2026-03-29');
    assert.equal(day('2026-03-29T21:59:59.999Z'), '2026-03-29');
    assert.equal(day('2026-03-29T22:00:00Z'), '2026-03-30');
    // Autumn: 03:00 CEST becomes 02:00 CET at 01:00 UTC on 25 October; the 25th has 25 hours.
    assert.equal(day('2026-10-24T21:59:59.999Z'), '2026-10-24');
    assert.equal(day('2026-10-24T22:00:00Z'), '2026-10-25');
    assert.equal(day('2026-10-25T01:30:00Z'), '2026-10-25');
    assert.equal(day('2026-10-25T22:59:59.999Z'), '2026-10-25');
    assert.equal(day('2026-10-25T23:00:00Z'), '2026-10-26');
  });

  it('moves by calendar days, not by 24 hours, across a change of the clocks', () => {
    // 23:30 CET on 28 March: 24 hours later it is 00:30 CEST on the 30th, one calendar day later the 29th.
    assert.equal(isoDay(new Date('2026-03-28T22:30:00Z'), 1), '2026-03-29');
    // 00:30 CEST on 25 October: 24 hours later it is 23:30 CET the same 25th, a day later the 26th.
    assert.equal(isoDay(new Date('2026-10-24T22:30:00Z'), 1), '2026-10-26');
    assert.equal(isoDay(new Date('2026-03-31T22:30:00Z'), -1), '2026-03-31');
    assert.equal(addDays('2026-03-28', 2), '2026-03-30');
    assert.equal(addMonth('2026-01-31'), '2026-02-28');
  });

  it('agrees with Intl for every ten minutes of 2026 and 2027, asked in any order', () => {
    const sarajevo = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Sarajevo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const from = Date.parse('2026-01-01T00:00:00Z');
    const to = Date.parse('2028-01-01T00:00:00Z');
    for (let ms = from; ms < to; ms += 600_000) {
      // Each instant after one far off, so the last hour's day is never the one asked for by chance.
      isoDay(new Date(to + from - ms));
      if (isoDay(new Date(ms)) !== sarajevo.format(ms))
        assert.fail(`${new Date(ms).toISOString()}: ${isoDay(new Date(ms))}, Intl ${sarajevo.format(ms)}`);
      if (isoDay(new Date(ms + 59_999)) !== sarajevo.format(ms + 59_999)) assert.fail(new Date(ms).toISOString());
    }
  });

  it('starts each day at its midnight in Sarajevo, 23 or 25 hours long when the clocks change', () => {
    const start = (d: string) => dayStart(d).toISOString();
    assert.equal(start('2026-02-01'), '2026-01-31T23:00:00.000Z');
    assert.equal(start('2026-04-01'), '2026-03-31T22:00:00.000Z');
    assert.equal(start('2026-03-29'), '2026-03-28T23:00:00.000Z');
    assert.equal(start('2026-03-30'), '2026-03-29T22:00:00.000Z');
    assert.equal(start('2026-10-25'), '2026-10-24T22:00:00.000Z');
    assert.equal(start('2026-10-26'), '2026-10-25T23:00:00.000Z');
    for (const d of ['2026-02-01', '2026-03-29', '2026-10-25', '2027-01-01']) {
      assert.equal(isoDay(dayStart(d)), d);
      assert.equal(isoDay(new Date(dayStart(d).getTime() - 1)), addDays(d, -1));
    }
  });
});
