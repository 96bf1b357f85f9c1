import { isExternalUsername } from '@reach/contract/constants';

export type SettingsType = 'business' | 'influencer';
export type SettingsPage =
  | 'account'
  | 'security'
  | 'subscriptions'
  | 'notification-preferences'
  | 'attribution';

/** Each settings page in menu order, with its label, path segment and who may not see it (spec §2, §6). */
const PAGES: Record<
  SettingsPage,
  {
    label: string;
    segment: string;
    types: readonly SettingsType[];
    hiddenForExternal: readonly SettingsType[];
  }
> = {
  account: {
    label: 'Account Details',
    segment: '',
    types: ['business', 'influencer'],
    hiddenForExternal: [],
  },
  security: {
    label: 'Security',
    segment: 'security',
    types: ['business', 'influencer'],
    hiddenForExternal: ['business', 'influencer'],
  },
  subscriptions: {
    label: 'Subscriptions',
    segment: 'subscriptions',
    types: ['business'],
    hiddenForExternal: [],
  },
  'notification-preferences': {
    label: 'Notification Preferences',
    segment: 'notification-preferences',
    types: ['business', 'influencer'],
    hiddenForExternal: ['influencer'],
  },
  attribution: {
    label: 'Attribution & API keys',
    segment: 'attribution',
    types: ['business'],
    hiddenForExternal: [],
  },
};

const ORDER: SettingsPage[] = [
  'account',
  'security',
  'subscriptions',
  'notification-preferences',
  'attribution',
];

export function settingsPath(type: SettingsType, page: SettingsPage = 'account'): string {
  const { segment } = PAGES[page];
  return segment ? `/${type}/settings/${segment}` : `/${type}/settings`;
}

/**
 * Whether this user may open a settings page: Security is hidden for external (Google/Facebook) accounts, and the
 * influencer's Notification Preferences too; Subscriptions exist for businesses only.
 */
export function canOpenSettingsPage(
  type: SettingsType,
  username: string | null | undefined,
  page: SettingsPage,
) {
  const rule = PAGES[page];
  if (!rule.types.includes(type)) return false;
  return !(isExternalUsername(username) && rule.hiddenForExternal.includes(type));
}

/** The side menu a user sees, in order. */
export function settingsMenu(
  type: SettingsType,
  username: string | null | undefined,
): { page: SettingsPage; label: string; to: string }[] {
  return ORDER.filter((page) => canOpenSettingsPage(type, username, page)).map((page) => ({
    page,
    label: PAGES[page].label,
    to: settingsPath(type, page),
  }));
}
