import { useDebouncedValue } from '@mantine/hooks';
import { type Dispatch, type SetStateAction, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_DataRouterContext, useLocation } from 'react-router';

/** One search box's text, or several boxes' (a directory's name, campaign and location) by name. */
type SearchText = string | Readonly<Record<string, string>>;

/** What reaches the URL: the text without its outer spaces. */
function settle<T extends SearchText>(text: T): T {
  if (typeof text === 'string') return text.trim() as T;
  return Object.fromEntries(Object.entries(text).map(([key, value]) => [key, value.trim()])) as T;
}

/** Whether a navigation under way goes to another page (a new search of this page is not leaving it). */
const leaves = (to: { pathname: string } | undefined, pathname: string) => !!to && to.pathname !== pathname;

/**
 * A search box kept in the URL: typed at once, written (with `write`) once typing pauses for `wait` ms and only
 * when it differs from what the URL holds (`current`).
 *
 * A write still waiting when the page navigates away is dropped. The URL write is itself a navigation, so landing
 * while the next page's lazily loaded code comes in, it cancelled that navigation and the list stayed (type a
 * search and pick a row's "Edit" at once). The router tells its subscribers synchronously when a navigation
 * starts (components see it later, in a transition, which is too late), so the hook listens there; it also drops
 * the write when the pathname changes or the page unmounts.
 */
export function useDebouncedSearch<T extends SearchText>(
  current: T,
  write: (settled: T) => void,
  wait = 300,
): { text: T; setText: Dispatch<SetStateAction<T>> } {
  const [text, setText] = useState(current);
  // Debounced as a string: an object built on each render would restart the timer on each render.
  const [settledKey, cancel] = useDebouncedValue(JSON.stringify(settle(text)), wait);
  const { pathname } = useLocation();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const latest = useRef({ current, write, pathname });
  latest.current = { current, write, pathname };

  useEffect(() => {
    if (!router) return;
    return router.subscribe((state) => {
      if (leaves(state.navigation.location, latest.current.pathname)) cancel();
    });
  }, [router, cancel]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname drops the write waiting for the old one
  useEffect(() => cancel, [pathname, cancel]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled text writes the URL
  useEffect(() => {
    const { current, write, pathname } = latest.current;
    if (settledKey === JSON.stringify(current) || leaves(router?.state.navigation.location, pathname)) return;
    write(JSON.parse(settledKey) as T);
  }, [settledKey]);

  return { text, setText };
}
