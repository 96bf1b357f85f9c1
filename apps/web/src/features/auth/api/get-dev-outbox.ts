import { useQuery } from '@tanstack/react-query';

/** The development mailbox page, served by the API itself (not by this app). */
export const DEV_MAILBOX_URL = '/dev/mailbox';

/** GET /api/dev/outbox answers only on a development server (it is not registered in production). */
async function isDevOutboxAvailable(signal?: AbortSignal): Promise<boolean> {
  const response = await fetch('/api/dev/outbox', { signal, headers: { accept: 'application/json' } });
  return response.status === 200;
}

/** Whether to offer the dev mailbox link: always in `vite dev`, otherwise when the API serves the outbox. */
export function useDevMailboxAvailable(): boolean {
  const { data } = useQuery({
    queryKey: ['dev-outbox-available'],
    queryFn: ({ signal }) => isDevOutboxAvailable(signal),
    enabled: !import.meta.env.DEV,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return import.meta.env.DEV || data === true;
}
