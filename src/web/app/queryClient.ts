import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // a 4xx will not change by asking again; other failures get one more try
      retry: (count, err) => !(isApiError(err) && err.status >= 400 && err.status < 500) && count < 1,
    },
    mutations: { retry: false },
  },
});
