import type { Platform } from '@reach/contract/constants';
import type {
  DiscoveryEntry,
  DiscoveryLanguage,
  DiscoveryLocation,
  DiscoveryReport,
  DiscoverySearch,
} from '@reach/contract/discovery';
import type { RawBuilder } from 'kysely';

/** One page of search results, as the provider found them (before credits). */
export type SearchPage = {
  total: number;
  totalCapped: boolean;
  directs: DiscoveryEntry[];
  lookalikes: DiscoveryEntry[];
};

/**
 * A look-up that decides whether a search runs at all (the service's balance and cached answer): `row` selects
 * exactly one row, whose columns are all named `gate_…`; `proceed` is the condition on it (its columns as
 * `g.gate_…`) under which the search runs.
 */
export type SearchGate = { row: RawBuilder<unknown>; proceed: RawBuilder<unknown> };

/**
 * Where discovery data comes from (issue 5): the local index (SQL on influencer_index) or Modash's Discovery
 * API. config.ts picks one: Modash when MODASH_API_KEY is set, otherwise the local index. A provider throws
 * AppError with a clear message (the service debits credits only after it answered).
 */
export type DiscoveryProvider = {
  name: 'local' | 'modash';
  search(body: DiscoverySearch): Promise<SearchPage>;
  /**
   * The gate's row and, when it lets the search run, the page, in one statement (the local index; Modash's
   * provider has no such method: the service looks up first, then searches). `page` is undefined when the gate
   * stopped the search.
   */
  searchGated?<G>(body: DiscoverySearch, gate: SearchGate): Promise<{ gate: G; page?: SearchPage }>;
  /** The full report of one influencer by provider id (modash_id); 404 when unknown. */
  report(modashId: string): Promise<DiscoveryReport>;
  /** The report of the influencer with this username (admin lookup); 404 when unknown. */
  lookup(username: string): Promise<DiscoveryReport>;
  locations(query: string, platform: Platform): Promise<DiscoveryLocation[]>;
  languages(query: string, platform: Platform): Promise<DiscoveryLanguage[]>;
  /** The contact email the provider knows for an influencer (invitations), or null. */
  contactEmail(modashId: string): Promise<string | null>;
};
