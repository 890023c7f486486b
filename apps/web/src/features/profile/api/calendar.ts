import type { CalendarDay, IsoDate, ProfessionalCalendarView } from '@oficios/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { AVAILABILITY_QUERY_KEY } from '../../../shared/api/query-keys';

export const CALENDAR_QUERY_KEY = ['calendar'] as const;

/** `GET /api/calendar?from&to` (the professional itself): every date of the range with its state. */
export function getCalendar(from: IsoDate, to: IsoDate, signal?: AbortSignal): Promise<ProfessionalCalendarView> {
  return apiClient.get<ProfessionalCalendarView>('/api/calendar', { params: { from, to }, signal });
}

export function useCalendar(range: { from: IsoDate; to: IsoDate } | null) {
  return useQuery({
    queryKey: [...CALENDAR_QUERY_KEY, range],
    queryFn: ({ signal }) => getCalendar(range!.from, range!.to, signal),
    enabled: range !== null,
  });
}

/** `PUT|DELETE /api/calendar/blocked/{date}`: blocks or frees a date (409 when held or booked); answers the day. */
export function setBlocked({ date, blocked }: { date: IsoDate; blocked: boolean }): Promise<CalendarDay> {
  const path = `/api/calendar/blocked/${date}`;
  return blocked ? apiClient.put<CalendarDay>(path) : apiClient.delete<CalendarDay>(path);
}

/** The month shows the change at once, and the pickers (own browser) stop or start offering the date. */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBlocked,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CALENDAR_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: AVAILABILITY_QUERY_KEY }),
      ]),
  });
}
