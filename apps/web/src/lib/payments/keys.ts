/**
 * Query keys of money, shared by the payments pages, the campaign pages (funding) and the plan settings
 * (cards): any write that moves money refreshes everything under `paymentKeys.all` and the menu counts.
 */
export const paymentKeys = {
  all: ['payments'] as const,
  /** Not under `all`: the cards stay cached until they change or a refresh is forced. */
  methods: ['payment-methods'] as const,
  config: ['payments-config'] as const,
  list: (name: string, query: object) => ['payments', name, query] as const,
  balance: ['payments', 'balance'] as const,
};

/** The sidebar's counts (owned by the shell) include payments. */
export const MENU_COUNTS_ROOT = ['menu-counts'] as const;
