import { dateLabel, isIsoDate, type IsoDate } from '@oficios/domain';
import { Space, Tag } from 'antd';

/** A booked date as every screen shows it ("lunes 7 dic"); anything else as it came. */
export const labelOf = (date: IsoDate): string => (isIsoDate(date) ? dateLabel(date) : date);

/**
 * A booking's days as tags: its dates ("lunes 7 dic") when it has them, else the spec's weekday names (bookings
 * made before dates existed).
 */
export function BookedDates({ dates, days, testId }: { dates?: readonly IsoDate[]; days: readonly string[]; testId: string }) {
  const dated = dates !== undefined && dates.length > 0;
  return (
    <Space size={[4, 4]} wrap>
      {dated
        ? dates.map((date) => (
            <Tag key={date} color="blue" data-testid={testId} data-date={date}>
              {labelOf(date)}
            </Tag>
          ))
        : days.map((day, index) => (
            <Tag key={`${day}-${index}`} color="blue" data-testid={testId} data-day={day}>
              {day}
            </Tag>
          ))}
    </Space>
  );
}
