import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/data/http/http-client';

const isPermanent = (e: unknown) => e instanceof ApiError && e.httpStatus >= 400 && e.httpStatus < 500;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) => !isPermanent(error) && count < 2,
    },
    mutations: { retry: false },
  },
});
