import type { Locality } from '@oficios/domain';
import { useQueries } from '@tanstack/react-query';
import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { localityQueryOptions } from '../api/localities';
import { notFound } from './locality-field';
import { useLocalityOptions, type LocalityOption } from './locality-options';

export interface LocalitiesFieldProps {
  /** The chosen localities' ids (a service area's `extraLocalityIds` / `excludedLocalityIds`). */
  value?: string[];
  onChange?: (ids: string[], localities: Locality[]) => void;
  id?: string;
  placeholder?: string;
  'aria-label'?: string;
  'data-testid'?: string;
  disabled?: boolean;
  status?: 'error' | 'warning';
  style?: CSSProperties;
}

/** Several localities (searched like LocalityField's, each shown with its province), as a list of ids. */
export function LocalitiesField({ value, onChange, placeholder = 'Busca y suma localidades', style, ...props }: LocalitiesFieldProps) {
  const ids = value ?? [];
  const chosen = useQueries({ queries: ids.map((id) => localityQueryOptions(id)) })
    .map((answer) => answer.data)
    .filter((locality): locality is Locality => locality !== undefined);
  const { setText, options, searching, failed, remember } = useLocalityOptions(chosen);
  return (
    <Select<string[], LocalityOption>
      {...props}
      mode="multiple"
      value={ids}
      options={options}
      showSearch={{ filterOption: false, onSearch: setText }}
      onChange={(next, picked) => {
        const known = new Map([...chosen, ...options.map((option) => option.locality)].map((locality) => [locality.id, locality]));
        for (const option of Array.isArray(picked) ? picked : []) if (option?.locality) remember(option.locality);
        setText('');
        onChange?.(
          next,
          next.map((id) => known.get(id)).filter((locality): locality is Locality => locality !== undefined),
        );
      }}
      placeholder={placeholder}
      notFoundContent={notFound(searching, failed)}
      style={{ minWidth: 260, ...style }}
      virtual={false}
    />
  );
}
