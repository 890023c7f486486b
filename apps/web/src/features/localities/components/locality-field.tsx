import type { Locality } from '@oficios/domain';
import { Select, Spin } from 'antd';
import type { CSSProperties } from 'react';
import { useLocality } from '../api/localities';
import { useLocalityOptions, type LocalityOption } from './locality-options';

export interface LocalityFieldProps {
  /** The chosen locality's id (what forms send as `localityId`), or null/undefined for none. */
  value?: string | null;
  onChange?: (id: string | null, locality: Locality | null) => void;
  id?: string;
  placeholder?: string;
  /** The field's accessible name when no form label names it. */
  'aria-label'?: string;
  'data-testid'?: string;
  allowClear?: boolean;
  disabled?: boolean;
  status?: 'error' | 'warning';
  style?: CSSProperties;
}

/**
 * One locality of Argentina, searched in the API as the user types and always shown with its province ("Caballito,
 * Ciudad Autónoma de Buenos Aires"): names repeat across provinces. Fits antd's Form (value and onChange by id).
 */
export function LocalityField({
  value,
  onChange,
  placeholder = 'Escribe tu localidad',
  allowClear = true,
  style,
  ...props
}: LocalityFieldProps) {
  const chosen = useLocality(value).data;
  const { setText, options, searching, failed, remember } = useLocalityOptions(chosen && chosen.id === value ? [chosen] : []);
  return (
    <Select<string | null, LocalityOption>
      {...props}
      value={value ?? null}
      options={options}
      showSearch={{ filterOption: false, onSearch: setText }}
      onChange={(id, option) => {
        const locality = id === null || id === undefined || Array.isArray(option) ? null : (option?.locality ?? null);
        if (locality) remember(locality);
        setText('');
        onChange?.(locality ? locality.id : null, locality);
      }}
      placeholder={placeholder}
      allowClear={allowClear}
      notFoundContent={notFound(searching, failed)}
      style={{ minWidth: 260, ...style }}
      virtual={false}
    />
  );
}

/** What the open list says when it has no option: still searching, the API failed, or no match. */
export function notFound(searching: boolean, failed: boolean) {
  if (searching) return <Spin size="small" aria-label="Buscando localidades" />;
  if (failed) return 'No se pudieron buscar las localidades';
  return 'Escribe para buscar una localidad';
}
