import { dateLabel, isIsoDate, type IsoDate } from '@oficios/domain';
import { Space, Tag } from 'antd';

/** A booked date as every screen shows it ("lunes 7 dic"); anything else as it came. */
export const labelOf = (date: IsoDate): string => (isIsoDate(date) ? dateLabel(date) : date);

/** A booking's dates as tags ("lunes 7 dic"). */
export function BookedDates({ dates, testId }: { dates: readonly IsoDate[]; testId: string }) {
  return (
    <Space size={[4, 4]} wrap>
      {dates.map((date) => (
        <Tag key={date} color="blue" data-testid={testId} data-date={date}>
          {labelOf(date)}
        </Tag>
      ))}
    </Space>
  );
}
