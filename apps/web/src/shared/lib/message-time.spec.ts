import { messageTime } from './message-time';

describe('messageTime', () => {
  it("writes today's messages by their time and older ones by date and time, in Spanish and the marketplace's zone", () => {
    const now = new Date('2026-11-22T20:00:00.000Z'); // 17:00 in Buenos Aires
    expect(messageTime('2026-11-22T17:05:00.000Z', now)).toBe('14:05');
    expect(messageTime('2026-11-21T17:05:00.000Z', now)).toBe('21/11/26 14:05');
    // 01:30 UTC on the 23rd is still the 22nd in Buenos Aires: today, there.
    expect(messageTime('2026-11-23T01:30:00.000Z', now)).toBe('22:30');
  });
});
