import { dateTimeLabel, orderDateLabel, timeLabel } from './date-labels';

describe('orderDateLabel', () => {
  it("keeps the spec's 15 characters, in Spanish", () => {
    expect(orderDateLabel('2026-12-01T15:00:00.000Z')).toBe('mar 01 dic 2026');
    expect(orderDateLabel('2026-11-22T12:00:00.000Z')).toBe('dom 22 nov 2026');
    expect(orderDateLabel('2025-01-08T12:00:00.000Z')).toBe('mié 08 ene 2025');
    for (const at of ['2026-12-01T15:00:00.000Z', '2025-03-15T12:00:00.000Z', '2024-06-30T00:00:00.000Z'])
      expect(orderDateLabel(at)).toHaveLength(15);
  });

  it("gives the date in the marketplace's zone, whatever the machine's", () => {
    // 01:00 UTC on 2 Dec is still 1 Dec in Buenos Aires (UTC-3).
    expect(orderDateLabel('2026-12-02T01:00:00.000Z')).toBe('mar 01 dic 2026');
    expect(orderDateLabel(new Date('2026-12-02T01:00:00.000Z'), 'UTC')).toBe('mié 02 dic 2026');
  });

  it('never writes an English name', () => {
    for (let day = 1; day <= 31; day++) {
      const label = orderDateLabel(`2026-01-${String(day).padStart(2, '0')}T12:00:00.000Z`);
      expect(label).not.toMatch(/Mon|Tue|Wed|Thu|Fri|Sat|Sun|Jan/);
    }
  });
});

describe('dateTimeLabel and timeLabel', () => {
  it('write the date and time of the marketplace zone, 24 h', () => {
    expect(dateTimeLabel('2026-11-22T17:05:00.000Z')).toBe('22/11/26 14:05');
    expect(timeLabel('2026-11-22T23:30:00.000Z')).toBe('20:30');
  });
});
