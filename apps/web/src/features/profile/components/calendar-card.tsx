import { addDays, type CalendarDayState, type IsoDate } from '@oficios/domain';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Calendar, Card, Flex, message, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/es';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../shared/api/error-message';
import { useBookingSettings } from '../../../shared/api/get-booking-settings';
import { useCalendar, useSetBlocked } from '../api/calendar';
import './calendar-card.css';
import { Typography } from '../../../shared/ui/typography';

const ISO = 'YYYY-MM-DD';

export const CALENDAR_STATE_LABELS: Record<CalendarDayState, string> = {
  free: 'Libre',
  held: 'Reservado sin pagar',
  booked: 'Reservado',
  blocked: 'Bloqueado',
  off: 'No trabajas',
};
const STATE_COLORS: Record<CalendarDayState, string> = { free: 'green', held: 'gold', booked: 'blue', blocked: 'red', off: 'default' };

/** The whole grid of a month (antd shows six weeks: from the Monday before the 1st). */
function monthRange(month: Dayjs): { from: IsoDate; to: IsoDate } {
  const first = month.startOf('month');
  const from = first.subtract((first.day() + 6) % 7, 'day').format(ISO);
  return { from, to: addDays(from, 41) };
}

/**
 * "Calendario" in the professional's profile: each date of the month free, held, booked, blocked or off; a click on
 * a free date blocks it (vacations) and on a blocked one frees it. Held and booked dates cannot be blocked (the API
 * answers 409, shown).
 */
export function CalendarCard() {
  const today = useBookingSettings().data?.today;
  const [month, setMonth] = useState<Dayjs | null>(null);
  const shown = month ?? (today ? dayjs(today) : null);
  const range = useMemo(() => (shown ? monthRange(shown) : null), [shown]);
  const calendar = useCalendar(range);
  const setBlocked = useSetBlocked();
  const [toast, toastHolder] = message.useMessage();
  const states = useMemo(() => new Map((calendar.data?.days ?? []).map((day) => [day.date, day.state])), [calendar.data]);

  const toggle = (date: IsoDate) => {
    const state = states.get(date);
    if (state !== 'free' && state !== 'blocked') return;
    setBlocked.mutate(
      { date, blocked: state === 'free' },
      {
        onSuccess: () => void toast.success(state === 'free' ? 'Bloqueaste la fecha' : 'Liberaste la fecha'),
        onError: (error) => void toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <Card title="Calendario" data-testid="professional-calendar">
      {toastHolder}
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">
          Toca una fecha libre para bloquearla (vacaciones) y una bloqueada para liberarla.
        </Typography.Text>
        {shown && (
          <Calendar
            className="professional-calendar"
            value={shown}
            onPanelChange={(value) => setMonth(value)}
            // The month steps by buttons with names: antd's header selects have no label for screen readers.
            headerRender={({ value, onChange }) => (
              <Flex justify="space-between" align="center" style={{ padding: '8px 0' }} data-testid="calendar-header">
                <Button
                  icon={<LeftOutlined />}
                  aria-label="Mes anterior"
                  onClick={() => onChange(value.subtract(1, 'month'))}
                  data-testid="calendar-previous-month"
                />
                <Typography.Text strong data-testid="calendar-month">
                  {value.locale('es').format('MMMM YYYY')}
                </Typography.Text>
                <Button
                  icon={<RightOutlined />}
                  aria-label="Mes siguiente"
                  onClick={() => onChange(value.add(1, 'month'))}
                  data-testid="calendar-next-month"
                />
              </Flex>
            )}
            onSelect={(value, info) => {
              if (info.source === 'date') {
                if (!value.isSame(shown, 'month')) setMonth(value);
                toggle(value.format(ISO));
              } else setMonth(value);
            }}
            fullCellRender={(value, info) => {
              if (info.type !== 'date') return info.originNode;
              const date = value.format(ISO);
              const state = states.get(date);
              return (
                <div
                  className="ant-picker-cell-inner ant-picker-calendar-date"
                  data-testid="calendar-day"
                  data-date={date}
                  data-state={state}
                >
                  <div className="ant-picker-calendar-date-value">{value.date()}</div>
                  <div className="ant-picker-calendar-date-content">
                    {state && (
                      <Tag color={STATE_COLORS[state]} style={{ marginInlineEnd: 0 }}>
                        {CALENDAR_STATE_LABELS[state]}
                      </Tag>
                    )}
                  </div>
                </div>
              );
            }}
          />
        )}
      </Flex>
    </Card>
  );
}
