import { SERVICE_AREA_LIMITS, type FieldError, type ServiceArea } from '@oficios/domain';
import { Flex, InputNumber } from 'antd';
import { Typography } from '../../../shared/ui/typography';
import { LocalitiesField } from './localities-field';
import { LocalityField } from './locality-field';

/** A service area as its form holds it: ids, the radius in km (null while not typed). */
export interface ServiceAreaValue {
  localityId: string | null;
  radiusKm: number | null;
  extraLocalityIds: string[];
  excludedLocalityIds: string[];
}

/** The body's `serviceArea` (`{localityId, radiusKm, extraLocalityIds, excludedLocalityIds}`), as the API takes it. */
export interface ServiceAreaBody {
  localityId: string;
  radiusKm: number;
  extraLocalityIds: string[];
  excludedLocalityIds: string[];
}

export const EMPTY_SERVICE_AREA: ServiceAreaValue = { localityId: null, radiusKm: null, extraLocalityIds: [], excludedLocalityIds: [] };

/** The form's value of an answer's area (null: nothing chosen yet). */
export function serviceAreaValueOf(area: ServiceArea | null | undefined): ServiceAreaValue {
  if (!area) return EMPTY_SERVICE_AREA;
  return {
    localityId: area.locality.id,
    radiusKm: area.radiusKm,
    extraLocalityIds: area.extraLocalities.map((locality) => locality.id),
    excludedLocalityIds: area.excludedLocalities.map((locality) => locality.id),
  };
}

/**
 * What a form sends: null when nothing was chosen (no area), else the area as typed, for the shared rule
 * (serviceAreaInputSchema) to check; a radius not typed is sent as it is, so the rule names it.
 */
export function serviceAreaBodyOf(value: ServiceAreaValue | null | undefined): ServiceAreaBody | null {
  const area = value ?? EMPTY_SERVICE_AREA;
  const untouched =
    area.localityId === null && area.radiusKm === null && area.extraLocalityIds.length === 0 && area.excludedLocalityIds.length === 0;
  if (untouched) return null;
  return {
    localityId: area.localityId ?? '',
    radiusKm: area.radiusKm as number,
    extraLocalityIds: area.extraLocalityIds,
    excludedLocalityIds: area.excludedLocalityIds,
  };
}

/** The messages of an answer's or the rule's errors about the area (fields `serviceArea`, `serviceArea.radiusKm`...). */
export function serviceAreaErrors(errors: FieldError[]): string[] {
  return [...new Set(errors.filter((e) => e.field === 'serviceArea' || e.field.startsWith('serviceArea.')).map((e) => e.message))];
}

export interface ServiceAreaFieldProps {
  value?: ServiceAreaValue | null;
  onChange?: (value: ServiceAreaValue) => void;
  id?: string;
  disabled?: boolean;
}

/**
 * "Zona de trabajo": a base locality, a radius in km (1-100) and, optionally, localities also covered and left out.
 * One field (value and onChange, for antd's Form) used by the registration, the professional's profile and the
 * administrators' editor.
 */
export function ServiceAreaField({ value, onChange, id, disabled }: ServiceAreaFieldProps) {
  const area = value ?? EMPTY_SERVICE_AREA;
  const change = (changes: Partial<ServiceAreaValue>) => onChange?.({ ...area, ...changes });
  return (
    <Flex vertical gap="small" id={id} role="group" aria-label="Zona de trabajo" data-testid="service-area-field">
      <Flex wrap gap="small" align="end">
        <Flex vertical gap={4} style={{ flex: '1 1 260px' }}>
          <Typography.Text>Localidad base</Typography.Text>
          <LocalityField
            value={area.localityId}
            onChange={(localityId) => change({ localityId })}
            aria-label="Localidad base"
            placeholder="Donde trabajás: escribe tu localidad"
            disabled={disabled}
            data-testid="service-area-locality"
          />
        </Flex>
        <Flex vertical gap={4}>
          <Typography.Text>Hasta (km)</Typography.Text>
          <InputNumber<number>
            value={area.radiusKm}
            onChange={(radiusKm) => change({ radiusKm })}
            min={SERVICE_AREA_LIMITS.minRadiusKm}
            max={SERVICE_AREA_LIMITS.maxRadiusKm}
            precision={0}
            step={1}
            inputMode="numeric"
            suffix="km"
            placeholder="Ej.: 15"
            aria-label="Radio en km"
            disabled={disabled}
            style={{ width: 130 }}
            data-testid="service-area-radius"
          />
        </Flex>
      </Flex>
      <Flex vertical gap={4}>
        <Typography.Text>También trabajo en (opcional)</Typography.Text>
        <LocalitiesField
          value={area.extraLocalityIds}
          onChange={(extraLocalityIds) => change({ extraLocalityIds })}
          aria-label="También trabajo en"
          disabled={disabled}
          data-testid="service-area-extras"
        />
      </Flex>
      <Flex vertical gap={4}>
        <Typography.Text>No trabajo en (opcional)</Typography.Text>
        <LocalitiesField
          value={area.excludedLocalityIds}
          onChange={(excludedLocalityIds) => change({ excludedLocalityIds })}
          aria-label="No trabajo en"
          placeholder="Localidades que dejás afuera"
          disabled={disabled}
          data-testid="service-area-excluded"
        />
      </Flex>
    </Flex>
  );
}

/** What the registration says under the field. */
export const SERVICE_AREA_HINT = `El radio va de ${SERVICE_AREA_LIMITS.minRadiusKm} a ${SERVICE_AREA_LIMITS.maxRadiusKm} km alrededor de tu localidad base.`;
