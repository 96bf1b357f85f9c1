/** Business constants and limits of spec §9 (and a few of §3/§4), shared by api and web. */

export const MOBILE_BREAKPOINT_PX = 768;

export const TOUR_AUTOSTART_DELAY_MS = 1000;
export const TOUR_SCROLL_DELAY_MS = 100;
export const AI_BUILDER_TOUR_DELAY_MS = 500;
export const COMPLETED_TOURS_STORAGE_KEY = 'completed-tours';
export const TOUR_NAMES = [
  'business-dashboard',
  'discovery-search',
  'advanced-filters',
  'influencer-card',
  'campaign-type-selection',
  'campaign-details',
  'campaign-product',
  'campaign-budget',
  'ai-campaign-builder',
] as const;
export type TourName = (typeof TOUR_NAMES)[number];

export const MAX_CAMPAIGN_INTERESTS = 3;
export const MAX_CAMPAIGN_MEDIA = 5;
export const CAMPAIGN_MEDIA_TYPES = ['image/jpeg', 'image/png', 'video/mp4'] as const;
export type CampaignMediaType = (typeof CAMPAIGN_MEDIA_TYPES)[number];
/** Largest campaign image (JPEG, PNG) and video (MP4) accepted, in bytes. */
export const CAMPAIGN_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const CAMPAIGN_VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const ADVISED_TITLE_MAX_LENGTH = 50;

export const ACCURACY_STEPS = [25, 50, 75, 100] as const;

export const CURRENCY_DECIMALS = 2;
export const MONEY_INPUT_PRECISION = 4;
export const DATE_FORMAT = 'MM/DD/YYYY';

export const CARD_BRANDS = ['visa', 'mastercard', 'american_express', 'discover'] as const;

export const NOTIFICATIONS_PAGE_SIZE = 5;
export const NOTIFICATION_BADGE_CAP = 9;
export const TRIAL_MODAL_INTERVAL_MS = 86_400_000;
export const TRIAL_DAYS = 7;
/**
 * Discovery credits a business gets once, when its trial starts (credit ledger key `trial:<userId>`): 50 search
 * pages of the trial's 7 days, a tenth of the Pro plan's monthly 500, so a new business can find creators
 * before it pays. Shown on the plans page.
 */
export const TRIAL_CREDITS = 50;
export const TOAST_DURATION_MS = 2000;

export const RADIUS_MIN_MILES = 25;
export const RADIUS_MAX_MILES = 200;
export const RADIUS_STEP_MILES = 25;
export const DEFAULT_LOCATION = { id: 148838, name: 'United States' } as const;

export const GENDERS = ['MALE', 'FEMALE', 'KNOWN', 'UNKNOWN'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = {
  MALE: 'Male',
  FEMALE: 'Female',
  KNOWN: 'Known',
  UNKNOWN: 'Unknown',
};

export const PLATFORMS = ['instagram', 'youtube', 'tiktok'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const PLATFORM_LABELS: Record<Platform, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
};

export const USER_TYPES = ['business', 'influencer', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];
/** The types a person may choose at sign-up; admins are created only by the seed or the CLI. */
export const SIGN_UP_TYPES = ['business', 'influencer'] as const;
export type SignUpType = (typeof SIGN_UP_TYPES)[number];

export const CAMPAIGN_TYPES = [
  { id: 1, name: 'Product', description: 'Product for a post' },
  { id: 2, name: 'Cash', description: 'Cash for a post' },
  { id: 3, name: 'Combination', description: 'Product and cash for a post' },
] as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const CONFIRMATION_CODE_TTL_MS = 24 * 60 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Default sorts are ascending (spec §9). */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** An account is external when its username contains facebook or google (spec §1). */
export function isExternalUsername(username: string | null | undefined): boolean {
  return !!username && /facebook|google/.test(username);
}
