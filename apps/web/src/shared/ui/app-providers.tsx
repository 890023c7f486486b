import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import { Provider as JotaiProvider, type createStore } from 'jotai';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../api/query-client';
import { usePrefersReducedMotion } from '../lib/use-reduced-motion';
import { withPrecomputedMapToken } from './precomputed-theme';
import { STILL_THEME, THEME } from './theme';

/** The theme with its map tokens derived by the build (the still theme, seldom used, derives its own). */
const APP_THEME = withPrecomputedMapToken(THEME, __ANTD_MAP_TOKEN__);

type JotaiStore = ReturnType<typeof createStore>;

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own (no retries, fresh cache). */
  queryClient?: QueryClient;
  store?: JotaiStore;
}

export function AppProviders({ children, queryClient, store }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const reducedMotion = usePrefersReducedMotion();
  return (
    <JotaiProvider store={store}>
      <QueryClientProvider client={client}>
        <ConfigProvider locale={esES} theme={reducedMotion ? STILL_THEME : APP_THEME}>
          {children}
        </ConfigProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
