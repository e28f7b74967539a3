import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // The one retry policy of the app (decision 0036): a 4xx will not change by asking again; other
      // failures (5xx, network) get one more try, then the page shows <LoadFailed> with its retry button.
      // Queries do not set their own `retry` unless they say why (the session, the polled badges).
      retry: (count, err) => !(isApiError(err) && err.status >= 400 && err.status < 500) && count < 1,
    },
    mutations: { retry: false },
  },
});
