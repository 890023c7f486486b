import { addDays, type IsoDate } from '@oficios/domain';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/es';
import { useMemo } from 'react';
import { useBookingSettings } from '../../../shared/api/get-booking-settings';
import { useAvailability } from '../api/get-availability';

const ISO = 'YYYY-MM-DD';

/**
 * The professional's calendar over the booking horizon (today … today + `horizonDays`, from the settings) with only
 * the bookable dates of `GET /home/professionals/{id}/availability` enabled; picking one asks to add it (the picker
 * keeps no value, so picking a chosen date again gets the spec's refusal).
 */
export function BookingDatePicker({
  professional,
  onPick,
}: {
  professional: { id: number; firstName: string; lastName: string };
  onPick: (date: IsoDate) => void;
}) {
  const name = `${professional.firstName} ${professional.lastName}`;
  const settings = useBookingSettings().data;
  const availability = useAvailability(professional.id);
  const bookable = useMemo(() => new Set(availability.data?.dates ?? []), [availability.data]);
  const firstBookable = availability.data?.dates[0];
  const bounds = useMemo(
    () => (settings ? { minDate: dayjs(settings.today), maxDate: dayjs(addDays(settings.today, settings.horizonDays)) } : {}),
    [settings],
  );

  return (
    <DatePicker
      value={null}
      {...bounds}
      // Opens on the month of the first bookable date (the first weeks may be full).
      defaultPickerValue={firstBookable ? dayjs(firstBookable) : undefined}
      disabledDate={(current: Dayjs) => !bookable.has(current.format(ISO))}
      onChange={(value: Dayjs | null) => {
        if (value) onPick(value.format(ISO));
      }}
      disabled={availability.isPending}
      placeholder={availability.isError ? 'No se pudieron cargar las fechas' : 'Elegir fecha'}
      aria-label={`Fechas disponibles de ${name}`}
      showNow={false}
      inputReadOnly
      status={availability.isError ? 'error' : undefined}
      style={{ minWidth: 180 }}
      data-testid="cart-date-picker"
      data-professional-id={professional.id}
    />
  );
}
