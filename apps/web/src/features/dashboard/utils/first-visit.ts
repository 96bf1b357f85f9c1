/** Whether a user has seen their dashboard before, per user, in this browser. */
const key = (userId: number) => `reach.dashboard-visited.${userId}`;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): Store | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** True until the user's dashboard has been shown once here (without storage: every visit is a first one). */
export function isFirstVisit(userId: number, store: Store | null = storage()): boolean {
  try {
    return store?.getItem(key(userId)) == null;
  } catch {
    return true;
  }
}

/** Records that the dashboard was shown, so the next visit greets the user back. */
export function recordVisit(userId: number, store: Store | null = storage()): void {
  try {
    store?.setItem(key(userId), '1');
  } catch {
    // Without storage the user is simply welcomed again.
  }
}

/** "Welcome, Olivia" on a first visit; "Welcome back, Olivia" after. */
export function greeting(name: string, firstVisit: boolean): string {
  return `${firstVisit ? 'Welcome' : 'Welcome back'}, ${name}`;
}
