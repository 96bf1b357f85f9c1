import type { UserType } from '@reach/contract/constants';
import { SPEC_TEXT } from '@reach/contract/messages';
import {
  type Icon,
  IconBrandInstagram,
  IconBuildingStore,
  IconCreditCard,
  IconLayoutDashboard,
  IconMap,
  IconMessageReport,
  IconPhoto,
  IconPlugConnected,
  IconSearch,
  IconSpeakerphone,
  IconStar,
  IconTags,
  IconUserStar,
  IconUsers,
  IconWorld,
} from '@tabler/icons-react';

export type NavItem = {
  label: string;
  to: string;
  icon: Icon;
  /** Active only on this exact path (dashboards), not on the pages below it. */
  end?: boolean;
  /** Key of the item's count in the role's menu counts (spec §3 "Menu counts"), shown as a badge once loaded. */
  countKey?: string;
};

/** The sidebar menus of spec §2, per role. */
export const NAV_ITEMS: Record<UserType, NavItem[]> = {
  business: [
    { label: 'Dashboard', to: '/business', icon: IconLayoutDashboard, end: true },
    { label: 'Campaigns', to: '/business/campaigns', icon: IconSpeakerphone, countKey: 'campaigns' },
    { label: 'Influencers', to: '/business/influencers', icon: IconUserStar, countKey: 'influencers' },
    { label: 'Discovery', to: '/business/discovery', icon: IconSearch },
    { label: 'Connections', to: '/business/connections', icon: IconPlugConnected, countKey: 'connections' },
    { label: 'Posts', to: '/business/posts', icon: IconPhoto, countKey: 'posts' },
    { label: 'Payments', to: '/business/payments', icon: IconCreditCard, countKey: 'payments' },
  ],
  influencer: [
    { label: 'Dashboard', to: '/influencer', icon: IconLayoutDashboard, end: true },
    { label: 'Campaigns', to: '/influencer/campaigns', icon: IconSpeakerphone, countKey: 'campaigns' },
    { label: 'Businesses', to: '/influencer/businesses', icon: IconBuildingStore, countKey: 'businesses' },
    { label: 'Connections', to: '/influencer/connections', icon: IconPlugConnected, countKey: 'connections' },
    { label: 'Payments', to: '/influencer/payments', icon: IconCreditCard, countKey: 'payments' },
  ],
  admin: [
    { label: 'Dashboard', to: '/admin', icon: IconLayoutDashboard, end: true },
    { label: 'Campaigns', to: '/admin/campaigns', icon: IconSpeakerphone, countKey: 'campaigns' },
    { label: 'Users', to: '/admin/users', icon: IconUsers, countKey: 'users' },
    { label: 'Interests', to: '/admin/interests', icon: IconTags, countKey: 'keywords' },
    { label: 'Feedback', to: '/admin/feedback', icon: IconMessageReport, countKey: 'feedbacks' },
    { label: 'Reviews', to: '/admin/reviews', icon: IconStar, countKey: 'reviews' },
    { label: 'States', to: '/admin/states', icon: IconMap, countKey: 'states' },
    { label: 'Countries', to: '/admin/countries', icon: IconWorld, countKey: 'countries' },
    { label: SPEC_TEXT.instagramSearch, to: '/admin/instagram-search', icon: IconBrandInstagram },
  ],
};

export type SettingsItem = { label: string; to: string; hiddenForExternal?: boolean };

/** Settings side menus of spec §2; Security (and the influencer's notification preferences) hidden for external accounts. */
export const SETTINGS_ITEMS: Record<'business' | 'influencer', SettingsItem[]> = {
  business: [
    { label: 'Account Details', to: '/business/settings' },
    { label: 'Security', to: '/business/settings/security', hiddenForExternal: true },
    { label: 'Subscriptions', to: '/business/settings/subscriptions' },
    { label: 'Notification Preferences', to: '/business/settings/notification-preferences' },
    { label: 'Attribution & API keys', to: '/business/settings/attribution' },
  ],
  influencer: [
    { label: 'Account Details', to: '/influencer/settings' },
    { label: 'Security', to: '/influencer/settings/security', hiddenForExternal: true },
    {
      label: 'Notification Preferences',
      to: '/influencer/settings/notification-preferences',
      hiddenForExternal: true,
    },
  ],
};
