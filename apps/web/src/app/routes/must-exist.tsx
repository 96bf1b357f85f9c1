import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { data, isRouteErrorResponse, Outlet, useParams } from 'react-router';
import { ApiError } from '../../lib/api-error';

/** What a loader throws for a page that does not exist: the error page shows the spec's 404 subtitle. */
export function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

/** The error page's test: a route's 404 (thrown by a loader) or the API's 404 for the page's item. */
export function isNotFound(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 404;
  return isRouteErrorResponse(error) && error.status === 404;
}

/**
 * Wraps the pages of one item (a campaign, an influencer, a business) so that a missing item is a 404 route
 * error (spec §2/§8: the error page says '404 - The page can't be found'): an id that is not a positive whole
 * number at once, an id the API answers 404 for once its load fails. It subscribes to the page's own query (same
 * key), so the item is still loaded once, and renders the page meanwhile.
 */
export function MustExist<T, K extends QueryKey>({
  param,
  options,
}: {
  param: string;
  options: (id: number) => UseQueryOptions<T, Error, T, K>;
}) {
  const id = Number(useParams()[param]);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...options(valid ? id : 0), enabled: valid });
  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) {
    throw query.error ?? new ApiError(404, 'not_found', 'Not found.');
  }
  return <Outlet />;
}
