import { PAGE_SIZES } from '../../../lib/paging';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useUrlParams } from '../../../lib/use-url-params';

type Direction = 'asc' | 'desc';

export type ListStateOptions<K extends string> = {
  sortKeys: readonly K[];
  defaultSort: K;
  defaultDirection?: Direction;
  /** Names of the extra filters kept in the URL (type, status, category…). */
  filters?: readonly string[];
  /** The URL parameter the search box writes (default `search`). */
  searchParam?: string;
};

/**
 * The state of an admin list kept in the URL, so Back, reload and shared links keep it: sort, page, page size,
 * a debounced search and string filters. Defaults are left out of the URL; any change but the page itself goes
 * back to page 1 (page 3 of the old filter means nothing under the new one).
 */
export function useListState<K extends string>(options: ListStateOptions<K>) {
  const { sortKeys, defaultSort, defaultDirection = 'asc', filters = [], searchParam = 'search' } = options;
  const [params, setParams] = useUrlParams();

  const rawSort = params.get('sortBy');
  const sortBy = (sortKeys as readonly string[]).includes(rawSort ?? '') ? (rawSort as K) : defaultSort;
  const rawDirection = params.get('sortDesc');
  const sortDesc: Direction =
    rawDirection === 'asc' || rawDirection === 'desc' ? rawDirection : defaultDirection;
  const page = positive(params.get('page')) ?? 1;
  const rawItems = positive(params.get('items'));
  const items = rawItems && (PAGE_SIZES as readonly number[]).includes(rawItems) ? rawItems : PAGE_SIZES[0];
  const search = params.get(searchParam) ?? '';
  const filterValues = Object.fromEntries(filters.map((name) => [name, params.get(name)])) as Record<
    string,
    string | null
  >;

  /** Writes `change` to the URL; unless the change is the page itself (or `keepPage`), back to page 1. */
  const update = (change: Record<string, string | number | null | undefined>, { keepPage = false } = {}) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      const defaults: Record<string, string> = {
        sortBy: defaultSort,
        sortDesc: defaultDirection,
        page: '1',
        items: String(PAGE_SIZES[0]),
      };
      for (const [key, value] of Object.entries(change)) {
        if (value === null || value === undefined || value === '' || String(value) === defaults[key])
          next.delete(key);
        else next.set(key, String(value));
      }
      if (!('page' in change) && !keepPage) next.delete('page');
      return next;
    });

  // The search box: typed at once, written to the URL (and the query) once typing pauses.
  const { text: searchText, setText: setSearchText } = useDebouncedSearch(search, (settled) =>
    update({ [searchParam]: settled }),
  );

  /** A header click: a new column sorts ascending, the same column flips direction. */
  const toggleSort = (key: K) =>
    update({ sortBy: key, sortDesc: sortBy === key && sortDesc === 'asc' ? 'desc' : 'asc' });

  const clear = () => {
    setSearchText('');
    update({ [searchParam]: null, ...Object.fromEntries(filters.map((name) => [name, null])) });
  };

  /** Empties the search box and the URL's search (a removed chip). */
  const clearSearch = () => {
    setSearchText('');
    update({ [searchParam]: null });
  };

  return {
    params,
    sortBy,
    sortDesc,
    page,
    items,
    search,
    filters: filterValues,
    filtered: !!search || Object.values(filterValues).some(Boolean),
    update,
    toggleSort,
    clear,
    clearSearch,
    searchInput: {
      value: searchText,
      onChange: (event: { currentTarget: { value: string } }) => setSearchText(event.currentTarget.value),
    },
  };
}

function positive(value: string | null): number | null {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
}
