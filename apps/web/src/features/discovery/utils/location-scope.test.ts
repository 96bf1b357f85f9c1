import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  locationScopeLine,
  readFilters,
  type SearchFilters,
  writeFilters,
} from './search-filters';

const US = DEFAULT_FILTERS.locations[0]!;
const LA = {
  id: 900_001,
  type: 'city' as const,
  name: 'Los Angeles, California, United States',
  country_id: US.id,
  state_id: 44,
};
const NYC = {
  id: 900_002,
  type: 'city' as const,
  name: 'New York, New York, United States',
  country_id: US.id,
  state_id: 45,
};

describe('the location filter says which logic applies', () => {
  it('keeps the places’ parents through the URL', () => {
    const filters: SearchFilters = { ...DEFAULT_FILTERS, locations: [US, LA, NYC] };
    expect(readFilters(writeFilters(filters)).locations).toEqual([US, LA, NYC]);
    // A URL written before parents were kept still reads.
    expect(readFilters(new URLSearchParams('loc=7~city~Austin')).locations).toEqual([
      { id: 7, type: 'city', name: 'Austin' },
    ]);
  });

  it('narrows to a place inside another, widens among the rest', () => {
    expect(locationScopeLine([US, LA])).toBe('Creators in Los Angeles (within United States)');
    expect(locationScopeLine([LA, NYC])).toBe('Any of: Los Angeles, New York');
    expect(locationScopeLine([US, LA, NYC])).toBe(
      'Creators in Los Angeles or New York (within United States)',
    );
  });
});
