import type { SessionAnswer } from '@oficios/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MeAnswer } from '@oficios/domain';
import { SESSION_QUERY_KEY } from '../../../shared/api/get-session';

/**
 * Stores a login/registration/Google answer as the session query's data (the
 * top bar swaps at once), then refetches GET /home/user/me for the profile part.
 */
export function useApplySession(): (answer: SessionAnswer) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (answer: SessionAnswer) => {
      queryClient.setQueryData<MeAnswer | null>(SESSION_QUERY_KEY, (current) => ({
        ...answer,
        profile: current?.dataValues.id === answer.dataValues.id ? current.profile : {},
      }));
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
    [queryClient],
  );
}
