import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Kysely's view of the tables created by ./migrations (kept by hand, one block per table). */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json = ColumnType<unknown, string, string>;
/** A creation time the demo seed may set in the past. */
type Backdatable = ColumnType<Date, Date | string | undefined, Date | string>;

export type CountriesTable = {
  id: number;
  name: string;
  code: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
export type StatesTable = {
  id: number;
  country_id: number;
  name: string;
  code: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
export type InterestsTable = {
  id: Generated<number>;
  name: string;
  category: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
export type CampaignTypesTable = { id: number; name: string; description: string };

export type UsersTable = {
  id: Generated<number>;
  type: 'business' | 'influencer' | 'admin';
  email: string;
  username: string;
  given_name: string;
  family_name: string;
  avatar_type: Generated<'initials' | 'upload'>;
  avatar: string | null;
  credits: Generated<number>;
  status: Generated<'active' | 'suspended'>;
  email_confirmed_at: Timestamp | null;
  last_seen_at: Timestamp | null;
  /** Carried by access tokens; bumped to end them all at once (logout, password change or reset, suspension). */
  token_version: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
export type UserRow = Selectable<UsersTable>;

export type IdentitiesTable = {
  id: Generated<number>;
  user_id: number;
  provider: 'password' | 'google' | 'facebook' | 'oidc';
  subject: string;
  password_hash: string | null;
  access_token_enc: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type VerificationCodesTable = {
  id: Generated<number>;
  user_id: number;
  purpose: 'confirm' | 'reset';
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: CreatedAt;
};

export type RefreshTokensTable = {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  rotated_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
};

export type BusinessesTable = {
  id: Generated<number>;
  user_id: number;
  type: string | null;
  business_name: string | null;
  address_1: string | null;
  city: string | null;
  state_id: number | null;
  postal_code: string | null;
  website: string | null;
  description: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
export type BusinessRow = Selectable<BusinessesTable>;

export type InfluencerProfilesTable = {
  id: Generated<number>;
  user_id: number;
  country_id: number | null;
  state_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone_number: string | null;
  address_1: string | null;
  address_2: string | null;
  city: string | null;
  postal_code: string | null;
  status: Generated<string>;
  gender: 'MALE' | 'FEMALE' | 'KNOWN' | 'UNKNOWN' | null;
  instagram_username: string | null;
  instagram_profile_url: string | null;
  facebook_username: string | null;
  facebook_profile_url: string | null;
  twitter_username: string | null;
  twitter_profile_url: string | null;
  tiktok_username: string | null;
  youtube_username: string | null;
  rating: number | null;
  data: Json | null;
  website: string | null;
  birthdate: string | null;
  bio: string | null;
  lat: number | null;
  lng: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Kept by triggers (migration 0029): the user is an active influencer with a confirmed email. */
  directory_listed: Generated<boolean>;
  /** Kept by triggers: the displayed first and last names, lower-cased (the directory's sort keys). */
  directory_first_name: string | null;
  directory_last_name: string | null;
  /** Kept by triggers: the profile's interests as `{ id, name }` by name. */
  directory_tags: Generated<{ id: number; name: string }[]>;
};
export type InfluencerProfileRow = Selectable<InfluencerProfilesTable>;
export type InfluencerInterestsTable = { influencer_id: number; interest_id: number };

export type SubscriptionsTable = {
  id: Generated<number>;
  user_id: number;
  plan: 'free' | 'pro' | 'business';
  status: 'trialing' | 'active' | 'past_due' | 'canceled';
  trial_ends_at: Timestamp | null;
  current_period_end: Timestamp | null;
  provider: Generated<string>;
  provider_subscription_id: string | null;
  canceled_at: Timestamp | null;
  cancel_at_period_end: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
export type SubscriptionRow = Selectable<SubscriptionsTable>;

export type MailOutboxTable = {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: CreatedAt;
};

export type AuditLogTable = {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  subject_type: string | null;
  subject_id: number | null;
  data: Json | null;
  created_at: CreatedAt;
};

export type NotificationsTable = {
  id: Generated<number>;
  user_id: number;
  category: string | null;
  body: string;
  link: string | null;
  read: Generated<0 | 1>;
  created_at: CreatedAt;
};

export type NotificationPreferencesTable = {
  user_id: number;
  connections: Generated<boolean>;
  messages: Generated<boolean>;
  posts: Generated<boolean>;
  payments: Generated<boolean>;
  campaigns: Generated<boolean>;
  updated_at: UpdatedAt;
};

export type FeedbackTable = {
  id: Generated<number>;
  user_id: number | null;
  reported_page: string;
  content: string;
  status: Generated<'open' | 'resolved'>;
  resolved_at: Timestamp | null;
  resolved_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type PageViewsTable = {
  id: Generated<number>;
  user_id: number | null;
  path: string;
  referrer: string | null;
  created_at: CreatedAt;
};

export type CampaignStatusColumn = 'draft' | 'active' | 'paused' | 'completed' | 'archived';
export type CampaignsTable = {
  id: Generated<number>;
  business_id: number;
  type_id: number;
  status: Generated<CampaignStatusColumn>;
  title: string | null;
  /** YYYY-MM-DD */
  start_date: string | null;
  end_date: string | null;
  description: string | null;
  brand_overview: string | null;
  objectives: string | null;
  talking_points: string | null;
  post_requirements: string | null;
  url_tracking: Generated<boolean>;
  tracker_url: string | null;
  product_name: string | null;
  product_amount_cents: number | null;
  product_description: string | null;
  product_link: string | null;
  total_budget_cents: number | null;
  amount_per_post_cents: number | null;
  max_posts_per_influencer: number | null;
  published_at: Timestamp | null;
  paused_at: Timestamp | null;
  completed_at: Timestamp | null;
  archived_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
export type CampaignRow = Selectable<CampaignsTable>;
export type CampaignUpdate = Updateable<CampaignsTable>;

export type CampaignInterestsTable = { campaign_id: number; interest_id: number };

export type CampaignMediaTable = {
  id: Generated<number>;
  campaign_id: number;
  key: string;
  mime: 'image/jpeg' | 'image/png' | 'video/mp4';
  size_bytes: number;
  position: Generated<number>;
  created_at: CreatedAt;
};
export type CampaignMediaRow = Selectable<CampaignMediaTable>;

export type CampaignMessagesTable = {
  id: Generated<number>;
  campaign_id: number;
  influencer_user_id: number;
  sender_user_id: number;
  body: string;
  created_at: CreatedAt;
};

export type CampaignStatusEventsTable = {
  id: Generated<number>;
  campaign_id: number;
  from_status: CampaignStatusColumn | null;
  to_status: CampaignStatusColumn;
  actor_id: number | null;
  created_at: CreatedAt;
};

/** Changes to a published campaign's brief (migration 0017): `changes` is `[{ field, old, new }]`. */
export type CampaignBriefRevisionsTable = {
  id: Generated<number>;
  campaign_id: number;
  user_id: number | null;
  changes: Json;
  created_at: Backdatable;
};

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';
export type JobsTable = {
  id: Generated<number>;
  kind: string;
  payload: ColumnType<unknown, string | undefined, string>;
  status: Generated<JobStatus>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: ColumnType<Date, Date | string | undefined, Date | string>;
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  /** Queued once per key (migration 0018): a recurring job's occurrence is `recurring:<kind>@<due time>`. */
  unique_key: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
export type JobRow = Selectable<JobsTable>;

export type CampaignImportsTable = {
  id: Generated<number>;
  campaign_id: number;
  business_id: number;
  source: 'csv' | 'list';
  status: Generated<JobStatus>;
  total: number;
  done: Generated<number>;
  failed: Generated<number>;
  created_by: number | null;
  job_id: number | null;
  created_at: CreatedAt;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
};
export type CampaignImportRow = Selectable<CampaignImportsTable>;

export type CampaignImportRowsTable = {
  import_id: number;
  row_number: number;
  instagram_username: string | null;
  email: string | null;
  status: Generated<'pending' | 'invited' | 'failed'>;
  reason: string | null;
};

export type CampaignInvitationsTable = {
  id: Generated<number>;
  campaign_id: number;
  business_id: number;
  influencer_user_id: number | null;
  instagram_username: string | null;
  email: string | null;
  status: Generated<'pending' | 'converted'>;
  source: 'csv' | 'list' | 'discovery';
  import_id: number | null;
  import_row_number: number | null;
  /** The connection this invitation became (status converted). */
  connection_id: Generated<number | null>;
  created_at: CreatedAt;
  /** Outreach (migration 0015): the discovered profile, a display name, the mail's delivery and the link's use. */
  modash_id: string | null;
  name: string | null;
  delivery: Generated<OutreachDelivery>;
  reason: string | null;
  sent_at: Timestamp | null;
  opened_at: Timestamp | null;
  signed_up_at: Timestamp | null;
  updated_at: UpdatedAt;
};
export type OutreachDelivery = 'none' | 'queued' | 'sent' | 'bounced' | 'failed' | 'in_app';

/** The transactional outbox of mail (migration 0015): written with its cause, delivered after commit. */
export type MailMessagesTable = {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: Generated<'queued' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  last_error: string | null;
  claimed_until: Timestamp | null;
  job_id: number | null;
  invitation_id: number | null;
  sent_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
export type MailMessageRow = Selectable<MailMessagesTable>;

export type ZipCodesTable = { zip: string; city: string; state_code: string; lat: number; lng: number };

export type ConnectionStatusColumn =
  | 'invited'
  | 'applied'
  | 'accepted'
  | 'declined'
  | 'completed'
  | 'cancelled';
export type ConnectionsTable = {
  id: Generated<number>;
  business_id: number;
  campaign_id: number;
  influencer_user_id: number;
  status: ConnectionStatusColumn;
  initiated_by: 'business' | 'influencer';
  source: Generated<'direct' | 'csv' | 'list' | 'discovery' | 'invite_link'>;
  message: string | null;
  created_by: number | null;
  responded_at: Timestamp | null;
  completed_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
export type ConnectionRow = Selectable<ConnectionsTable>;

export type ConnectionEventsTable = {
  id: Generated<number>;
  connection_id: number;
  actor_user_id: number | null;
  from_status: ConnectionStatusColumn | null;
  to_status: ConnectionStatusColumn;
  created_at: CreatedAt;
};

export type ReviewsTable = {
  id: Generated<number>;
  connection_id: number;
  author_user_id: number;
  subject_user_id: number;
  author_type: 'business' | 'influencer';
  rating: number;
  body: string;
  status: Generated<'visible' | 'hidden'>;
  moderated_by: number | null;
  moderated_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type LedgerKind =
  | 'campaign_funding'
  | 'post_payment'
  | 'campaign_refund'
  | 'payout'
  | 'payout_reversal'
  | 'subscription_payment';
export type LedgerAccountsTable = {
  account: string;
  balance_cents: Generated<number>;
  allow_negative: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
export type LedgerTransactionsTable = {
  id: Generated<number>;
  idempotency_key: string;
  kind: LedgerKind;
  amount_cents: number;
  description: string;
  business_id: number | null;
  campaign_id: number | null;
  influencer_user_id: number | null;
  user_id: number | null;
  reference_type: string | null;
  reference_id: number | null;
  created_at: CreatedAt;
};
export type LedgerTransactionRow = Selectable<LedgerTransactionsTable>;
export type LedgerPostingsTable = {
  id: Generated<number>;
  transaction_id: number;
  account: string;
  amount_cents: number;
  created_at: CreatedAt;
};

export type BillingCustomersTable = {
  user_id: number;
  provider: string;
  customer_id: string;
  created_at: CreatedAt;
};

export type CardBrandColumn =
  | 'visa'
  | 'mastercard'
  | 'american_express'
  | 'discover'
  | 'diners'
  | 'jcb'
  | 'unionpay'
  | 'unknown';
export type PaymentMethodsTable = {
  id: Generated<number>;
  user_id: number;
  provider: string;
  provider_payment_method_id: string;
  brand: CardBrandColumn;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder_name: string | null;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
};
export type PaymentMethodRow = Selectable<PaymentMethodsTable>;

export type SettlementStatus = 'pending' | 'succeeded' | 'failed';
export type ChargesTable = {
  id: Generated<number>;
  user_id: number;
  purpose: 'campaign_funding' | 'subscription';
  campaign_id: number | null;
  invoice_id: number | null;
  description: string;
  amount_cents: number;
  refunded_cents: Generated<number>;
  status: SettlementStatus;
  payment_method_id: number | null;
  card_brand: string | null;
  card_last4: string | null;
  provider: string;
  provider_charge_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
  idempotency_key: string;
  created_at: Backdatable;
  settled_at: Timestamp | null;
};
export type ChargeRow = Selectable<ChargesTable>;

export type RefundsTable = {
  id: Generated<number>;
  charge_id: number;
  user_id: number;
  campaign_id: number | null;
  amount_cents: number;
  reason: string;
  status: SettlementStatus;
  provider: string;
  provider_refund_id: string | null;
  failure_message: string | null;
  idempotency_key: string;
  created_at: CreatedAt;
  settled_at: Timestamp | null;
};
export type RefundRow = Selectable<RefundsTable>;

export type PayoutAccountsTable = {
  id: Generated<number>;
  user_id: number;
  provider: string;
  provider_account_id: string;
  holder_name: string;
  bank_name: string | null;
  last4: string | null;
  status: 'active' | 'onboarding';
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
export type PayoutAccountRow = Selectable<PayoutAccountsTable>;

export type PayoutsTable = {
  id: Generated<number>;
  user_id: number;
  amount_cents: number;
  status: 'pending' | 'paid' | 'failed';
  payout_account_id: number | null;
  destination: string;
  provider: string;
  provider_transfer_id: string | null;
  failure_message: string | null;
  idempotency_key: string;
  created_at: CreatedAt;
  settled_at: Timestamp | null;
};
export type PayoutRow = Selectable<PayoutsTable>;

export type CouponsTable = {
  id: Generated<number>;
  code: string;
  description: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  expires_at: Timestamp | null;
  max_redemptions: number | null;
  times_redeemed: Generated<number>;
  created_at: CreatedAt;
};
export type CouponRow = Selectable<CouponsTable>;

export type CouponRedemptionsTable = {
  id: Generated<number>;
  coupon_id: number;
  user_id: number;
  invoice_id: number | null;
  created_at: CreatedAt;
};

export type InvoicesTable = {
  id: Generated<number>;
  number: string;
  user_id: number;
  subscription_id: number | null;
  plan: 'pro' | 'business';
  description: string;
  period_start: Timestamp;
  period_end: Timestamp;
  subtotal_cents: number;
  discount_cents: Generated<number>;
  credit_cents: Generated<number>;
  total_cents: number;
  coupon_code: string | null;
  status: 'paid' | 'open' | 'void';
  card_brand: string | null;
  card_last4: string | null;
  provider: string;
  provider_invoice_id: string | null;
  created_at: Backdatable;
  paid_at: Timestamp | null;
};
export type InvoiceRow = Selectable<InvoicesTable>;

export type WebhookEventsTable = {
  id: Generated<number>;
  provider: string;
  event_id: string;
  type: string;
  object_id: string | null;
  received_at: CreatedAt;
};

export type PostStatusColumn = 'submitted' | 'approved' | 'rejected';
export type PostMetricsSource = 'measured' | 'estimated';
export type PostsTable = {
  id: Generated<number>;
  connection_id: number;
  campaign_id: number;
  business_id: number;
  influencer_user_id: number;
  platform: 'instagram' | 'tiktok' | 'youtube';
  post_url: string | null;
  caption: string | null;
  source: 'submitted' | 'webhook';
  external_media_id: string | null;
  status: Generated<PostStatusColumn>;
  rejection_reason: string | null;
  submitted_at: Backdatable;
  reviewed_at: Timestamp | null;
  reviewed_by: number | null;
  payment_transaction_id: number | null;
  paid_cents: number | null;
  paid_at: Timestamp | null;
  likes: number | null;
  comments: number | null;
  reach: number | null;
  impressions: number | null;
  shares: number | null;
  saves: number | null;
  video_views: number | null;
  /** 'measured' from the platform's API or 'estimated'; null before any fetch (with metrics_method). */
  metrics_source: PostMetricsSource | null;
  /** How the figures were measured or estimated, in words shown next to them. */
  metrics_method: string | null;
  /** The time the metrics are as of. */
  metrics_fetched_at: Timestamp | null;
  created_at: Backdatable;
  updated_at: UpdatedAt;
};
export type PostRow = Selectable<PostsTable>;
export type PostMediaTable = {
  id: Generated<number>;
  post_id: number;
  key: string;
  mime: 'image/jpeg' | 'image/png' | 'video/mp4';
  size_bytes: number;
  position: Generated<number>;
  created_at: CreatedAt;
};
export type PostEventsTable = {
  id: Generated<number>;
  post_id: number;
  actor_user_id: number | null;
  from_status: PostStatusColumn | null;
  to_status: PostStatusColumn;
  reason: string | null;
  post_url: string | null;
  created_at: Backdatable;
};
export type FacebookWebhookEventsTable = {
  id: Generated<number>;
  event_hash: string;
  object: string;
  changes: Generated<number>;
  posts_created: Generated<number>;
  received_at: CreatedAt;
};
export type WebhookSubscriptionsTable = {
  id: Generated<number>;
  user_id: number;
  object: 'instagram' | 'page' | 'user';
  fields: Json;
  instagram_account_id: string | null;
  instagram_username: string | null;
  active: Generated<boolean>;
  last_event_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
export type DiscoveryLocationsTable = {
  id: number;
  type: 'country' | 'state' | 'city';
  name: string;
  title: string;
  country_id: number;
  state_id: number | null;
  lat: number | null;
  lng: number | null;
  weight: Generated<number>;
};
/** The local discovery index (modules/discovery/generator.ts fills it). */
export type InfluencerIndexTable = {
  id: number;
  modash_id: string;
  platform: 'instagram' | 'tiktok' | 'youtube';
  username: string;
  fullname: string;
  picture: string;
  url: string;
  followers: number;
  engagements: number;
  engagement_rate: number;
  country_id: number | null;
  state_id: number | null;
  city_id: number | null;
  language: string | null;
  gender: 'MALE' | 'FEMALE' | 'UNKNOWN';
  age: number | null;
  age_group: string | null;
  interests: number[];
  bio: string;
  captions: string;
  bio_tsv: ColumnType<string, never, never>;
  captions_tsv: ColumnType<string, never, never>;
  tags: string[];
  has_contact_details: boolean;
  contact_email: string | null;
  is_verified: boolean;
  account_type: number;
  last_posted: string | null;
  posts_count: number;
  aud_credibility: number | null;
  aud_male: number | null;
  aud_ages: number[] | null;
  aud_countries: ColumnType<Record<string, number>, string, string>;
  aud_languages: ColumnType<Record<string, number>, string, string>;
  aud_top_country: number | null;
  similarity: string;
  /** The nearest discovery_centroids row (set by a trigger; NULL before the centres are trained). */
  centroid: ColumnType<number | null, never, number | null>;
};
/** The centres of the lookalike lists (migration 0027; trained by modules/discovery/generator.ts). */
export type DiscoveryCentroidsTable = {
  id: number;
  center: string;
  /** The list's profiles, women and men when last counted (generator.ts countLookalikeLists). */
  rows: Generated<number>;
  females: Generated<number>;
  males: Generated<number>;
  /** The centre of the list's women's and men's rows when last counted; NULL when it had none (migration 0031). */
  female_center: string | null;
  male_center: string | null;
};
/** The parts of the lookalike lists (migration 0032; split by modules/discovery/generator.ts). */
export type DiscoverySublistsTable = {
  id: number;
  /** The lookalike list (discovery_centroids.id) it is part of. */
  list: number;
  center: string;
  female_center: string | null;
  male_center: string | null;
  rows: Generated<number>;
  females: Generated<number>;
  males: Generated<number>;
};
/** Each profile's part of its lookalike list (migration 0032; kept by a trigger on influencer_index). */
export type InfluencerSublistTable = {
  id: number;
  sublist: number;
  gender: string | null;
  similarity: string;
};
export type InfluencerIndexRow = Selectable<InfluencerIndexTable>;
export type DiscoveryListsTable = {
  id: Generated<number>;
  business_id: number;
  created_by: number | null;
  name: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
export type DiscoveryListMembersTable = {
  id: Generated<number>;
  list_id: number;
  modash_id: string;
  username: string;
  influencer_data: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
};
export type CreditTransactionsTable = {
  id: Generated<number>;
  user_id: number;
  amount: number;
  balance_after: number;
  reason: string;
  key: string;
  created_at: CreatedAt;
};
export type DiscoverySearchCacheTable = {
  id: Generated<number>;
  user_id: number;
  body_hash: string;
  page: number;
  result: Json;
  created_at: CreatedAt;
  expires_at: Timestamp;
};
export type DiscoveryInvitesTable = {
  id: Generated<number>;
  business_id: number;
  sent_by: number | null;
  campaign_id: number;
  modash_id: string;
  username: string | null;
  email: string;
  message: string;
  created_at: CreatedAt;
};

/** Attribution (migration 0019): see the migration for what each table holds. */
export type BusinessAttributionSettingsTable = {
  business_id: number;
  attribution_window_days: Generated<number>;
  shopify_token: string | null;
  shopify_secret_sealed: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
export type TrackedLinksTable = {
  id: Generated<number>;
  code: string;
  business_id: number;
  campaign_id: number;
  influencer_user_id: number;
  connection_id: number;
  created_at: CreatedAt;
};
export type ClickPlatform = 'ios' | 'android' | 'desktop' | 'other';
export type LinkClicksTable = {
  id: Generated<number>;
  click_id: string;
  link_id: number;
  campaign_id: number;
  business_id: number;
  clicked_at: Timestamp;
  platform: ClickPlatform;
  referrer_host: string | null;
  visitor_hash: string;
  is_unique: boolean;
  is_bot: boolean;
};
export type DiscountCodesTable = {
  id: Generated<number>;
  business_id: number;
  campaign_id: number;
  influencer_user_id: number;
  connection_id: number;
  code: string;
  source: 'generated' | 'typed';
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
export type ApiKeysTable = {
  id: Generated<number>;
  business_id: number;
  name: string;
  prefix: string;
  key_hash: string;
  created_by: number | null;
  created_at: CreatedAt;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
};
export type ConversionsTable = {
  id: Generated<number>;
  business_id: number;
  order_id: string;
  amount_cents: ColumnType<number, number, number>;
  currency: string;
  occurred_at: Timestamp;
  source: 'api' | 'shopify';
  given_code: string | null;
  given_click_id: string | null;
  request_hash: string;
  attributed_via: 'code' | 'click' | 'none';
  campaign_id: number | null;
  influencer_user_id: number | null;
  discount_code_id: number | null;
  link_click_id: number | null;
  attribution_window_days: number;
  api_key_id: number | null;
  created_at: CreatedAt;
};
export type ConversionRow = Selectable<ConversionsTable>;

/** Reports (migration 0021): daily attribution rollups and each business's EMV values. */
export type AttributionClickDaysTable = {
  campaign_id: number;
  influencer_user_id: number;
  business_id: number;
  /** YYYY-MM-DD, UTC */
  day: ColumnType<string, string, string>;
  clicks: number;
  unique_clicks: number;
  bot_clicks: number;
};
export type AttributionConversionDaysTable = {
  campaign_id: number;
  influencer_user_id: number;
  business_id: number;
  day: ColumnType<string, string, string>;
  currency: string;
  conversions: number;
  revenue_cents: ColumnType<number, number, number>;
};
/** Per (campaign, creator): the sums of attribution_click_days over every day. */
export type AttributionClickTotalsTable = {
  campaign_id: number;
  influencer_user_id: number;
  business_id: number;
  clicks: number;
  unique_clicks: number;
  bot_clicks: number;
};
/** Per (campaign, UTC day): the sums of attribution_click_days over every creator. */
export type AttributionCampaignClickDaysTable = {
  campaign_id: number;
  /** YYYY-MM-DD, UTC */
  day: ColumnType<string, string, string>;
  clicks: number;
  unique_clicks: number;
  bot_clicks: number;
};
/** Per (campaign, creator, currency): the sums of attribution_conversion_days over every day. */
export type AttributionConversionTotalsTable = {
  campaign_id: number;
  influencer_user_id: number;
  business_id: number;
  currency: string;
  conversions: number;
  revenue_cents: number;
};
/** Per (campaign, UTC day, currency): the sums of attribution_conversion_days over every creator. */
export type AttributionCampaignConversionDaysTable = {
  campaign_id: number;
  day: ColumnType<string, string, string>;
  currency: string;
  conversions: number;
  revenue_cents: number;
};
export type BusinessEmvSettingsTable = {
  business_id: number;
  rates: Json;
  updated_by: number | null;
  updated_at: UpdatedAt;
};

export type DB = {
  countries: CountriesTable;
  states: StatesTable;
  interests: InterestsTable;
  campaign_types: CampaignTypesTable;
  users: UsersTable;
  identities: IdentitiesTable;
  verification_codes: VerificationCodesTable;
  refresh_tokens: RefreshTokensTable;
  businesses: BusinessesTable;
  influencer_profiles: InfluencerProfilesTable;
  influencer_interests: InfluencerInterestsTable;
  subscriptions: SubscriptionsTable;
  mail_outbox: MailOutboxTable;
  mail_messages: MailMessagesTable;
  audit_log: AuditLogTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  feedback: FeedbackTable;
  page_views: PageViewsTable;
  campaigns: CampaignsTable;
  campaign_interests: CampaignInterestsTable;
  campaign_media: CampaignMediaTable;
  campaign_messages: CampaignMessagesTable;
  campaign_status_events: CampaignStatusEventsTable;
  campaign_brief_revisions: CampaignBriefRevisionsTable;
  jobs: JobsTable;
  campaign_imports: CampaignImportsTable;
  campaign_import_rows: CampaignImportRowsTable;
  campaign_invitations: CampaignInvitationsTable;
  zip_codes: ZipCodesTable;
  connections: ConnectionsTable;
  connection_events: ConnectionEventsTable;
  reviews: ReviewsTable;

  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_postings: LedgerPostingsTable;
  billing_customers: BillingCustomersTable;
  payment_methods: PaymentMethodsTable;
  charges: ChargesTable;
  refunds: RefundsTable;
  payout_accounts: PayoutAccountsTable;
  payouts: PayoutsTable;
  coupons: CouponsTable;
  coupon_redemptions: CouponRedemptionsTable;
  invoices: InvoicesTable;
  webhook_events: WebhookEventsTable;

  posts: PostsTable;
  post_media: PostMediaTable;
  post_events: PostEventsTable;
  facebook_webhook_events: FacebookWebhookEventsTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  discovery_locations: DiscoveryLocationsTable;
  discovery_centroids: DiscoveryCentroidsTable;
  discovery_sublists: DiscoverySublistsTable;
  influencer_index: InfluencerIndexTable;
  influencer_sublist: InfluencerSublistTable;
  discovery_lists: DiscoveryListsTable;
  discovery_list_members: DiscoveryListMembersTable;
  credit_transactions: CreditTransactionsTable;
  discovery_search_cache: DiscoverySearchCacheTable;
  discovery_invites: DiscoveryInvitesTable;
  business_attribution_settings: BusinessAttributionSettingsTable;
  tracked_links: TrackedLinksTable;
  link_clicks: LinkClicksTable;
  discount_codes: DiscountCodesTable;
  api_keys: ApiKeysTable;
  conversions: ConversionsTable;
  attribution_click_days: AttributionClickDaysTable;
  attribution_conversion_days: AttributionConversionDaysTable;
  attribution_click_totals: AttributionClickTotalsTable;
  attribution_campaign_click_days: AttributionCampaignClickDaysTable;
  attribution_conversion_totals: AttributionConversionTotalsTable;
  attribution_campaign_conversion_days: AttributionCampaignConversionDaysTable;
  business_emv_settings: BusinessEmvSettingsTable;
};

export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
