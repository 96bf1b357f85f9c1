import type { Platform } from '@reach/contract/constants';
import type {
  DiscoveryEntry,
  DiscoveryLanguage,
  DiscoveryLocation,
  DiscoveryReport,
  DiscoverySearch,
} from '@reach/contract/discovery';

/** One page of search results, as the provider found them (before credits). */
export type SearchPage = {
  total: number;
  totalCapped: boolean;
  directs: DiscoveryEntry[];
  lookalikes: DiscoveryEntry[];
};

/**
 * Where discovery data comes from (issue 5): the local index (SQL on influencer_index) or Modash's Discovery
 * API. config.ts picks one: Modash when MODASH_API_KEY is set, otherwise the local index. A provider throws
 * AppError with a clear message (the service debits credits only after it answered).
 */
export type DiscoveryProvider = {
  name: 'local' | 'modash';
  search(body: DiscoverySearch): Promise<SearchPage>;
  /** The full report of one influencer by provider id (modash_id); 404 when unknown. */
  report(modashId: string): Promise<DiscoveryReport>;
  /** The report of the influencer with this username (admin lookup); 404 when unknown. */
  lookup(username: string): Promise<DiscoveryReport>;
  locations(query: string, platform: Platform): Promise<DiscoveryLocation[]>;
  languages(query: string, platform: Platform): Promise<DiscoveryLanguage[]>;
  /** The contact email the provider knows for an influencer (invitations), or null. */
  contactEmail(modashId: string): Promise<string | null>;
};
