import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient } from './queryClient';
import { FeedbackProvider } from '../components/feedback';

/**
 * Query cache and app-wide feedback (toasts / notices, see feedback.tsx). antd's theme and locale are not
 * here: each lazily loaded part that renders antd brings its own scope (withAntd.ts), which keeps antd's
 * runtime out of the initial JavaScript (issue 13). The server's render gives each request its own `client`.
 */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <FeedbackProvider>{children}</FeedbackProvider>
    </QueryClientProvider>
  );
}
