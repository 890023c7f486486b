import { localityLabel, type Locality } from '@oficios/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { localityKey, useLocalitySearch } from '../api/localities';
import { useDebouncedValue } from '../hooks/use-debounced-value';

/** A pause in the typing long enough to ask the API, short enough to feel immediate. */
export const LOCALITY_SEARCH_DEBOUNCE_MS = 250;

export interface LocalityOption {
  value: string;
  label: string;
  locality: Locality;
}

export const localityOption = (locality: Locality): LocalityOption => ({
  value: locality.id,
  label: localityLabel(locality),
  locality,
});

/**
 * What both fields share: the typed text, the API's matches for it once the typing pauses, and the options to show
 * (the matches, plus the chosen localities so the field can always name them with their province).
 */
export function useLocalityOptions(chosen: Locality[]) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const settledText = useDebouncedValue(text, LOCALITY_SEARCH_DEBOUNCE_MS);
  const search = useLocalitySearch(settledText);
  const typing = text.trim() !== '';
  const matches = typing ? (search.data ?? []) : [];
  const shown = new Set(matches.map((locality) => locality.id));
  const options = [...matches, ...chosen.filter((locality) => !shown.has(locality.id))].map(localityOption);
  return {
    text,
    setText,
    options,
    /** Typing, or waiting for the API's matches. */
    searching: typing && (settledText !== text || search.isFetching),
    failed: typing && search.isError,
    /** Keeps a chosen locality so naming it by id later asks nothing. */
    remember: (locality: Locality) => queryClient.setQueryData(localityKey(locality.id), locality),
  };
}
