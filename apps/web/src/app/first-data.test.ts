import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetch as campaignsPrefetch } from '../features/campaigns/routes/business-campaigns';
import { prefetch as dashboardPrefetch } from '../features/dashboard/routes/business-dashboard';
import { prefetch as postsPrefetch } from '../features/posts/routes/business-posts';
import { firstDataOf, prefetchFirstData } from './first-data';
import { prefetchAppLayout } from './layouts/app-layout';

/** The query keys a prefetch fills and the requests it sends (path and query string), each sorted. */
async function whatIsRequested(prefetch: (client: QueryClient) => void) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(String(url));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const client = new QueryClient();
  prefetch(client);
  await vi.waitFor(() =>
    expect(
      client
        .getQueryCache()
        .getAll()
        .every((query) => query.state.status === 'success'),
    ).toBe(true),
  );
  const keys = client
    .getQueryCache()
    .getAll()
    .map((query) => query.queryHash);
  return { keys: keys.sort(), requests: requests.sort() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('first data', () => {
  const shell = (client: QueryClient) => prefetchAppLayout(client, { type: 'business' });
  const pages = [
    { path: '/business', page: (client: QueryClient) => dashboardPrefetch(client) },
    {
      path: '/business/campaigns',
      page: (client: QueryClient) => campaignsPrefetch(client, new URL('http://x/business/campaigns')),
    },
    {
      path: '/business/posts',
      page: (client: QueryClient) => postsPrefetch(client, new URL('http://x/business/posts')),
    },
  ];

  it.each(pages)(
    "requests $path's first data under the keys of the page's own queries",
    async ({ path, page }) => {
      const early = await whatIsRequested((client) =>
        prefetchFirstData(client, { pathname: path, search: '' }),
      );
      const own = await whatIsRequested((client) => {
        shell(client);
        page(client);
      });
      expect(early.keys.length).toBeGreaterThan(1);
      expect(early).toEqual(own);
    },
  );

  it("requests only the shell's counts on another business page, or with a query string", async () => {
    const counts = await whatIsRequested(shell);
    for (const location of [
      { pathname: '/business/discovery/search', search: '' },
      { pathname: '/business/campaigns', search: '?page=2' },
    ]) {
      expect(await whatIsRequested((client) => prefetchFirstData(client, location))).toEqual(counts);
    }
  });

  it('requests nothing outside the business pages', () => {
    for (const pathname of ['/', '/auth/login', '/influencer', '/admin/campaigns', '/businesses'])
      expect(firstDataOf({ pathname, search: '' })).toEqual([]);
  });
});
