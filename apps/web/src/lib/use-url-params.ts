import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The URL's search params and a way to change them that never loses a change. React Router's functional
 * `setSearchParams` starts from the params of the last render, so two changes before the next render (a
 * debounced search landing while a filter is picked) would drop the first. Here each change starts from the
 * latest params written, until the router has rendered them.
 */
export function useUrlParams(): [
  URLSearchParams,
  (change: (current: URLSearchParams) => URLSearchParams) => void,
] {
  const [params, setParams] = useSearchParams();
  const rendered = params.toString();
  const latest = useRef({ rendered, value: params });
  if (latest.current.rendered !== rendered) latest.current = { rendered, value: params };
  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams) => {
      const next = change(new URLSearchParams(latest.current.value));
      latest.current = { ...latest.current, value: next };
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [params, update];
}
