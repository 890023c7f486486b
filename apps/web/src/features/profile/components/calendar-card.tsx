import { addDays, type CalendarDayState, type IsoDate } from '@oficios/domain';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Calendar, Card, Flex, message, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/es';
import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { errorMessage } from '../../../shared/api/error-message';
import { useBookingSettings } from '../../../shared/api/get-booking-settings';
import { useHydrated } from '../../../shared/lib/use-hydrated';
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
const LEGEND_ORDER: CalendarDayState[] = ['free', 'blocked', 'booked', 'held', 'off'];

/**
 * What each colour means, above the month: on a phone a day is too narrow for its label (calendar-card.css leaves
 * only its colour there), so the legend is what names them.
 */
function CalendarLegend() {
  return (
    <Flex wrap gap={4} role="list" aria-label="Referencias del calendario" data-testid="calendar-legend">
      {LEGEND_ORDER.map((state) => (
        <Tag key={state} role="listitem" color={STATE_COLORS[state]} style={{ marginInlineEnd: 0 }} data-state={state}>
          {CALENDAR_STATE_LABELS[state]}
        </Tag>
      ))}
    </Flex>
  );
}

/** The whole grid of a month (antd shows six weeks: from the Monday before the 1st). */
function monthRange(month: Dayjs): { from: IsoDate; to: IsoDate } {
  const first = month.startOf('month');
  const from = first.subtract((first.day() + 6) % 7, 'day').format(ISO);
  return { from, to: addDays(from, 41) };
}

/** The month's grid, each date with its state; drawn again only when the month or the states it shows change. */
const MonthCalendar = memo(function MonthCalendar({
  shown,
  states,
  onMonth,
  onToggle,
}: {
  shown: Dayjs;
  states: Map<string, CalendarDayState>;
  onMonth: (month: Dayjs) => void;
  onToggle: (date: IsoDate) => void;
}) {
  return (
    <Calendar
      className="professional-calendar"
      value={shown}
      onPanelChange={(value) => onMonth(value)}
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
          if (!value.isSame(shown, 'month')) onMonth(value);
          onToggle(value.format(ISO));
        } else onMonth(value);
      }}
      fullCellRender={(value, info) => {
        if (info.type !== 'date') return info.originNode;
        const date = value.format(ISO);
        const state = states.get(date);
        return (
          <div className="ant-picker-cell-inner ant-picker-calendar-date" data-testid="calendar-day" data-date={date} data-state={state}>
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
  );
});

/**
 * "Calendario" in the professional's profile: each date of the month free, held, booked, blocked or off; a click on
 * a free date blocks it (vacations) and on a blocked one frees it. Held and booked dates cannot be blocked (the API
 * answers 409, shown).
 */
export function CalendarCard() {
  // The month is drawn once the booking rules say which it is; when they arrive after the page started, in a render
  // React may split and pause (a deferred value), not in one that blocks the page for the month's 42 cells.
  // While React hydrates the page the server rendered (without the rules: no month), none either, even if they came first.
  const hydrated = useHydrated();
  const rulesToday = useBookingSettings().data?.today;
  const today = useDeferredValue(hydrated ? rulesToday : undefined);
  const [month, setMonth] = useState<Dayjs | null>(null);
  const shown = useMemo(() => month ?? (today ? dayjs(today) : null), [month, today]);
  const range = useMemo(() => (shown ? monthRange(shown) : null), [shown]);
  const calendar = useCalendar(range);
  const { mutate: setBlocked } = useSetBlocked();
  const [toast, toastHolder] = message.useMessage();
  const answered = useMemo(() => new Map((calendar.data?.days ?? []).map((day) => [day.date, day.state])), [calendar.data]);
  // Their states likewise.
  const states = useDeferredValue(answered);

  const toggle = useCallback(
    (date: IsoDate) => {
      const state = states.get(date);
      if (state !== 'free' && state !== 'blocked') return;
      setBlocked(
        { date, blocked: state === 'free' },
        {
          onSuccess: () => void toast.success(state === 'free' ? 'Bloqueaste la fecha' : 'Liberaste la fecha'),
          onError: (error) => void toast.error(errorMessage(error)),
        },
      );
    },
    [states, setBlocked, toast],
  );

  return (
    <Card title="Calendario" data-testid="professional-calendar">
      {toastHolder}
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">
          Toca una fecha libre para bloquearla (vacaciones) y una bloqueada para liberarla.
        </Typography.Text>
        <CalendarLegend />
        {shown && <MonthCalendar shown={shown} states={states} onMonth={setMonth} onToggle={toggle} />}
      </Flex>
    </Card>
  );
}
