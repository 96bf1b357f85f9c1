import type { DiscoveryList } from '@reach/contract/discovery';

/** The lists holding the influencer `modashId`, with the member entry id in each (needed to remove it). */
export function membership(lists: DiscoveryList[], modashId: string): Map<number, number> {
  const result = new Map<number, number>();
  for (const list of lists) {
    const entry = list.influencers.find((i) => i.modash_id === modashId);
    if (entry) result.set(list.id, entry.id);
  }
  return result;
}

/**
 * Spec §4: saving to the chosen lists adds the influencer to the newly selected lists and removes them from
 * the deselected ones; lists whose state did not change are left alone.
 */
export function membershipChanges(
  current: Map<number, number>,
  selected: ReadonlySet<number>,
): { add: number[]; remove: { listId: number; memberId: number }[] } {
  const add = [...selected].filter((listId) => !current.has(listId));
  const remove = [...current]
    .filter(([listId]) => !selected.has(listId))
    .map(([listId, memberId]) => ({ listId, memberId }));
  return { add, remove };
}
