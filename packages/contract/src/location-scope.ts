/*
 * How the discovery search combines the influencer locations picked (issue 12), shared by the API (the local
 * index applies it) and the web (the filter panel says which logic applies):
 *
 *  - places form a hierarchy (country > state > city); a picked place that contains another picked place
 *    narrows to it and is dropped: United States + Los Angeles = Los Angeles (a country ∩ its city);
 *  - the places left (the most specific ones) widen the search: Los Angeles + New York City = creators in
 *    either; United States + Canada = creators in either;
 *  - a place whose parents are unknown (a provider that does not give them) contains nothing and is kept.
 */

export type ScopedPlace = {
  id: number;
  type: 'country' | 'state' | 'city';
  /** The country the place lies in (a country's is its own id). */
  country_id?: number | null | undefined;
  /** The state the place lies in (a state's is its own id); null for a country or a city outside a state. */
  state_id?: number | null | undefined;
};

export type LocationScope<T extends ScopedPlace> = {
  /** The places searched (any of them matches). */
  places: T[];
  /** Picked places dropped because a picked place lies inside them. */
  within: T[];
};

/** Whether `inner` lies inside `outer` (never a place inside itself). */
export function liesWithin(inner: ScopedPlace, outer: ScopedPlace): boolean {
  if (inner.id === outer.id) return false;
  if (outer.type === 'country') return inner.type !== 'country' && inner.country_id === outer.id;
  if (outer.type === 'state') return inner.type === 'city' && inner.state_id === outer.id;
  return false;
}

/** The places a search covers: the most specific picks, each of them widening it. */
export function locationScope<T extends ScopedPlace>(picked: readonly T[]): LocationScope<T> {
  const places: T[] = [];
  const within: T[] = [];
  for (const place of picked) {
    if (picked.some((other) => liesWithin(other, place))) within.push(place);
    else places.push(place);
  }
  return { places, within };
}

/** One line for the filter panel: which creators the picked places find. */
export function describeLocationScope<T extends ScopedPlace & { name: string }>(
  picked: readonly T[],
): string {
  if (!picked.length) return 'Creators anywhere';
  const { places, within } = locationScope(picked);
  const names = places.map((p) => p.name);
  const list = names.length <= 2 ? names.join(' or ') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  if (within.length) return `Creators in ${list} (within ${within.map((p) => p.name).join(', ')})`;
  if (places.length > 1) return `Any of: ${names.join(', ')}`;
  return `Creators in ${list}`;
}
