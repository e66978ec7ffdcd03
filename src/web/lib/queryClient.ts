import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';

/** Retry once on network failures and server errors; never on 4xx answers or timeouts. */
function shouldRetry(failureCount: number, error: unknown) {
  if (failureCount >= 1) return false;
  if (!isApiError(error)) return true;
  if (error.message === 'error.timeout') return false;
  return error.status === 0 || error.status >= 500;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
