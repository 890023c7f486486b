import type { BookingSettingsView } from '@oficios/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

/** `GET /api/bookings/settings` (public): the deployment's booking rules, today in its zone and the policy text. */
export function getBookingSettings(signal?: AbortSignal): Promise<BookingSettingsView> {
  return apiClient.get<BookingSettingsView>('/api/bookings/settings', { signal });
}

export const BOOKING_SETTINGS_QUERY_KEY = ['booking-settings'] as const;

/** The settings change only with a deployment; `today` moves at midnight, so they are read again after an hour. */
export const bookingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: BOOKING_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => getBookingSettings(signal),
    staleTime: 3_600_000,
  });

/** Shared: the cart's date pickers and policy, the history's policy, the professional's calendar. */
export function useBookingSettings() {
  return useQuery(bookingSettingsQueryOptions());
}
