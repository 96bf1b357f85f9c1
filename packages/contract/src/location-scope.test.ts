import { describe, expect, it } from 'vitest';
import { describeLocationScope, locationScope } from './location-scope';

const US = { id: 148838, type: 'country' as const, name: 'United States' };
const CANADA = { id: 3, type: 'country' as const, name: 'Canada' };
const CA = { id: 10, type: 'state' as const, country_id: US.id, state_id: 10, name: 'California' };
const LA = { id: 100, type: 'city' as const, country_id: US.id, state_id: CA.id, name: 'Los Angeles' };
const NYC = { id: 101, type: 'city' as const, country_id: US.id, state_id: 11, name: 'New York' };
const TORONTO = { id: 102, type: 'city' as const, country_id: CANADA.id, state_id: null, name: 'Toronto' };

describe('locationScope', () => {
  it('narrows a place to the picked places inside it', () => {
    expect(locationScope([US, LA])).toEqual({ places: [LA], within: [US] });
    expect(locationScope([LA, CA, US])).toEqual({ places: [LA], within: [CA, US] });
  });
  it('widens with places of one level, or places not inside one another', () => {
    expect(locationScope([LA, NYC])).toEqual({ places: [LA, NYC], within: [] });
    expect(locationScope([US, CANADA])).toEqual({ places: [US, CANADA], within: [] });
    expect(locationScope([US, LA, NYC])).toEqual({ places: [LA, NYC], within: [US] });
    // A city outside the picked country widens: Los Angeles or anywhere in Canada.
    expect(locationScope([CANADA, LA])).toEqual({ places: [CANADA, LA], within: [] });
    expect(locationScope([US, CANADA, TORONTO])).toEqual({ places: [US, TORONTO], within: [CANADA] });
  });
  it('keeps a place whose parents are unknown', () => {
    expect(locationScope([US, { id: 7, type: 'city' as const, name: 'Somewhere' }]).within).toEqual([]);
  });
  it('says which logic applies', () => {
    expect(describeLocationScope([US, LA])).toBe('Creators in Los Angeles (within United States)');
    expect(describeLocationScope([US, LA, NYC])).toBe(
      'Creators in Los Angeles or New York (within United States)',
    );
    expect(describeLocationScope([LA, NYC])).toBe('Any of: Los Angeles, New York');
    expect(describeLocationScope([US])).toBe('Creators in United States');
    expect(describeLocationScope([])).toBe('Creators anywhere');
  });
});
