import { listingQueryToParams, type ListingPage, type ListingQuery } from '@oficios/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { PROFESSIONALS_QUERY_KEY } from '../../../shared/api/query-keys';

/** GET /home/professionals?page&pageSize&professions&rating&sort&order&search */
export function getProfessionals(query: ListingQuery, signal?: AbortSignal): Promise<ListingPage> {
  return apiClient.get<ListingPage>('/home/professionals', { params: listingQueryToParams(query), signal });
}

export const professionalsQueryOptions = (query: ListingQuery) =>
  queryOptions({
    queryKey: [...PROFESSIONALS_QUERY_KEY, 'list', listingQueryToParams(query)] as const,
    queryFn: ({ signal }) => getProfessionals(query, signal),
  });

export function useProfessionals(query: ListingQuery) {
  return useQuery({ ...professionalsQueryOptions(query), placeholderData: keepPreviousData });
}
