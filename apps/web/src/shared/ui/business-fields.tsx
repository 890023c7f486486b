import { DAY_NAMES, DAYS, MAX_DAY_PRICE } from '@oficios/domain';
import { Checkbox, Form, InputNumber } from 'antd';

interface DayPriceInputProps {
  value?: number | null;
  onChange?: (pesos: number | null) => void;
  id?: string;
  disabled?: boolean;
}

/** The price per day in pesos, as the professional's registration and "Mi negocio" ask it. */
export function DayPriceInput({ value, onChange, id, disabled }: DayPriceInputProps) {
  return (
    <InputNumber<number>
      id={id}
      value={value ?? null}
      onChange={(pesos) => onChange?.(pesos)}
      prefix="$"
      min={0}
      max={MAX_DAY_PRICE}
      step={500}
      inputMode="decimal"
      disabled={disabled}
      placeholder="Ej.: 25000"
      style={{ width: '100%', maxWidth: 240 }}
      data-testid="day-price-input"
    />
  );
}

interface WorkingDaysFieldProps {
  value?: string[];
  onChange?: (days: string[]) => void;
  id?: string;
  disabled?: boolean;
}

/** One checkbox per working day (lunes to sábado); the value is the chosen days' names. */
export function WorkingDaysField({ value, onChange, id, disabled }: WorkingDaysFieldProps) {
  return (
    <div id={id} role="group" aria-label="Dias de trabajo">
      <Checkbox.Group
        value={value}
        disabled={disabled}
        onChange={(days) => onChange?.(DAYS.filter((day) => (days as string[]).includes(day)))}
        options={DAYS.map((day) => ({ label: DAY_NAMES[day], value: day }))}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))', gap: 8 }}
        data-testid="working-days-field"
      />
    </div>
  );
}

/** The price per day and the working days as form rows (`dayPrice`, `availableDays`): the registration's and Mi negocio's. */
export function BusinessTermsItems() {
  return (
    <>
      <Form.Item label="Precio por dia" name="dayPrice" extra="Lo que cobrás por una jornada de trabajo, en pesos.">
        <DayPriceInput />
      </Form.Item>
      <Form.Item label="Dias de trabajo" name="availableDays">
        <WorkingDaysField />
      </Form.Item>
    </>
  );
}
