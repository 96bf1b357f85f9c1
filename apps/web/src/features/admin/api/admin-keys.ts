/** Query keys of the admin sections, in one place so writes know what to refresh. */
export const adminKeys = {
  all: ['admin'] as const,
  users: (query: object) => ['admin', 'users', query] as const,
  usersRoot: ['admin', 'users'] as const,
  user: (id: number) => ['admin', 'user', id] as const,
  interests: (query: object) => ['admin', 'interests', query] as const,
  interestsRoot: ['admin', 'interests'] as const,
  categories: ['admin', 'interest-categories'] as const,
  feedback: (query: object) => ['admin', 'feedback', query] as const,
  feedbackRoot: ['admin', 'feedback'] as const,
  reviews: (query: object) => ['admin', 'reviews', query] as const,
  reviewsRoot: ['admin', 'reviews'] as const,
  states: (query: object) => ['admin', 'states', query] as const,
  statesRoot: ['admin', 'states'] as const,
  countries: (query: object) => ['admin', 'countries', query] as const,
  countriesRoot: ['admin', 'countries'] as const,
};

/** The sidebar's counts (owned by the shell) change with most admin writes. */
export const MENU_COUNTS_ROOT = ['menu-counts'] as const;
/** Cached reference lists (states, countries, interests pickers) read by every form. */
export const REFERENCE_ROOT = ['reference'] as const;
