import {
  ACTIVE_EDITABLE_FIELDS,
  ADMIN_CAMPAIGN_ACTIONS,
  CAMPAIGN_FIELD_LABELS,
  type CampaignAbilities,
  type CampaignAction,
  type CampaignField,
  type CampaignStatus,
  fieldsRequiredToPublish,
} from '@reach/contract/campaigns';
import { API_MESSAGE } from '@reach/contract/messages';
import type { Actor } from '../../actor';

/*
 * The rules of campaigns, as pure functions of the actor and the campaign (no database, no clock: callers
 * pass what they know). The service enforces them; the presenter turns them into `abilities` for the client.
 *
 * Status machine (anything not listed is refused with 409 "A <status> campaign cannot be <verb>."):
 *
 *   draft ──publish──▶ active ──pause──▶ paused ──resume──▶ active
 *   active | paused ──complete──▶ completed
 *   draft | paused | completed ──archive──▶ archived          (archived is final)
 *   draft ──delete──▶ (gone)                                   (only drafts can be deleted)
 *
 * An active campaign must be archived via complete (or pause) first, so influencers working on it always see
 * it end explicitly. Publishing and resuming both check the fields the type requires, so an active campaign
 * is always complete. Editing: drafts and paused campaigns take any field; active ones only the copy
 * (description, brand overview, objectives, talking points, post requirements) and a later end date (creators
 * accepted the dates and the money: those need a pause); completed and archived ones nothing. Media are part
 * of the brief: they change on drafts, active and paused campaigns. Every change to a published (active or
 * paused) campaign is a brief revision: recorded with its old and new values, and the accepted creators are
 * told (at most once per BRIEF_NOTICE_QUIET_MS).
 *
 * Admins moderate: they may pause an active campaign and archive a draft, paused or completed one (the same
 * transitions as above, through their own endpoints); the business is told. They change nothing else.
 *
 * Visibility: the owning business and admins see every status; an influencer sees active campaigns, and
 * paused or completed ones they take part in (`hasThread`: a conversation about it or a connection to it —
 * so an influencer connected to a campaign can read and write its thread until the campaign is archived).
 * Everyone else gets 404, so the existence of a campaign is never revealed. Only the owning business manages
 * a campaign (admins read, message and moderate).
 */

export type CampaignFacts = { business_id: number; status: CampaignStatus };

export const TRANSITIONS: Record<
  CampaignAction,
  { from: readonly CampaignStatus[]; to: CampaignStatus; verb: string }
> = {
  publish: { from: ['draft'], to: 'active', verb: 'published' },
  pause: { from: ['active'], to: 'paused', verb: 'paused' },
  resume: { from: ['paused'], to: 'active', verb: 'resumed' },
  complete: { from: ['active', 'paused'], to: 'completed', verb: 'completed' },
  archive: { from: ['draft', 'paused', 'completed'], to: 'archived', verb: 'archived' },
};

/** The status an action leads to from `status`, or null when the transition is not allowed. */
export function transitionTarget(status: CampaignStatus, action: CampaignAction): CampaignStatus | null {
  const t = TRANSITIONS[action];
  return t.from.includes(status) ? t.to : null;
}

/** Statuses whose conversations are open for new messages. */
export const MESSAGE_STATUSES: readonly CampaignStatus[] = ['active', 'paused', 'completed'];

export function isOwner(actor: Actor, campaign: CampaignFacts): boolean {
  return actor.type === 'business' && actor.businessId === campaign.business_id;
}

/** `hasThread`: the actor (an influencer) already has a conversation about this campaign. */
export function canView(actor: Actor, campaign: CampaignFacts, hasThread: boolean): boolean {
  if (actor.type === 'admin') return true;
  if (actor.type === 'business') return isOwner(actor, campaign);
  if (campaign.status === 'active') return true;
  return hasThread && (campaign.status === 'paused' || campaign.status === 'completed');
}

export function canManage(actor: Actor, campaign: CampaignFacts): boolean {
  return isOwner(actor, campaign);
}

/** Admins moderate any campaign with the admin actions (pause, archive); legality is transitionTarget's. */
export function canModerate(actor: Actor, action: CampaignAction): boolean {
  return actor.type === 'admin' && (ADMIN_CAMPAIGN_ACTIONS as readonly CampaignAction[]).includes(action);
}

export function canDelete(status: CampaignStatus): boolean {
  return status === 'draft';
}

/** Media belong to the brief: they change while the campaign is a draft, running or paused, never once it ended. */
export function canChangeMedia(status: CampaignStatus): boolean {
  return status === 'draft' || status === 'active' || status === 'paused';
}

/**
 * The end date creators accepted: while the campaign is active it may move later (more time is never worse for
 * them), not earlier. True when `after` would shorten the campaign.
 */
export function endDateShortened(
  status: CampaignStatus,
  before: string | null,
  after: string | null,
): boolean {
  return status === 'active' && before !== null && (after === null || after < before);
}

/** Changes to a published campaign (active or paused) are brief revisions: recorded, and creators are told. */
export function recordsBriefRevisions(status: CampaignStatus): boolean {
  return status === 'active' || status === 'paused';
}

/** Accepted creators hear about brief changes at most once per this window (a burst of saves is one notice). */
export const BRIEF_NOTICE_QUIET_MS = 10 * 60_000;

/** Whether a brief change now should notify the creators, given when the campaign's previous revision was. */
export function briefNoticeDue(previousRevisionAt: Date | null, now: Date): boolean {
  return previousRevisionAt === null || now.getTime() - previousRevisionAt.getTime() >= BRIEF_NOTICE_QUIET_MS;
}

export type BriefValue = string | number | boolean | number[] | null;

/**
 * What a revision records: each changed field with its value before and after, in form order (interest ids
 * sorted). `before` and `after` hold the fields' values; `changed` are the fields an update really changes.
 */
export function briefChanges(
  changed: readonly CampaignField[],
  before: Partial<Record<CampaignField, BriefValue>>,
  after: Partial<Record<CampaignField, BriefValue>>,
): { field: CampaignField; old: BriefValue; new: BriefValue }[] {
  const order = Object.keys(CAMPAIGN_FIELD_LABELS) as CampaignField[];
  const norm = (v: BriefValue | undefined): BriefValue =>
    v === undefined ? null : Array.isArray(v) ? [...v].sort((a, b) => a - b) : v;
  return order
    .filter((f) => changed.includes(f))
    .map((field) => ({ field, old: norm(before[field]), new: norm(after[field]) }));
}

/** Which fields an update may change in this status. */
export function editScope(status: CampaignStatus): 'any' | 'copy-and-end-date' | 'none' {
  if (status === 'draft' || status === 'paused') return 'any';
  if (status === 'active') return 'copy-and-end-date';
  return 'none';
}

/** Of the fields an update really changes, those this status does not allow to change. */
export function lockedFields(status: CampaignStatus, changed: readonly CampaignField[]): CampaignField[] {
  const scope = editScope(status);
  if (scope === 'any') return [];
  if (scope === 'none') return [...changed];
  return changed.filter((f) => !(ACTIVE_EDITABLE_FIELDS as readonly CampaignField[]).includes(f));
}

/** Who may read a thread: 'ok', or the refusal to give (404 hides the campaign, 403 another's thread). */
export function threadAccess(
  actor: Actor,
  campaign: CampaignFacts,
  opts: { threadInfluencerId: number | undefined; hasThread: boolean },
): 'ok' | 'not_found' | 'forbidden' {
  if (actor.type === 'admin' || isOwner(actor, campaign)) return 'ok';
  if (actor.type !== 'influencer') return 'not_found';
  if (!canView(actor, campaign, opts.hasThread)) return 'not_found';
  if (opts.threadInfluencerId !== undefined && opts.threadInfluencerId !== actor.userId) return 'forbidden';
  return 'ok';
}

/** Whether the actor may write in a thread of this campaign now (the thread itself is checked by threadAccess). */
export function canMessage(actor: Actor, campaign: CampaignFacts, hasThread: boolean): boolean {
  if (!MESSAGE_STATUSES.includes(campaign.status)) return false;
  return (
    actor.type === 'admin' ||
    isOwner(actor, campaign) ||
    (actor.type === 'influencer' && canView(actor, campaign, hasThread))
  );
}

/**
 * What the client may offer this actor for this campaign. `fundable`: the payments rules let the actor pay
 * the budget now (payments/policy.ts canFund).
 */
export function abilities(
  actor: Actor,
  campaign: CampaignFacts,
  hasThread: boolean,
  fundable = false,
): CampaignAbilities {
  const owner = canManage(actor, campaign);
  const can = (action: CampaignAction) =>
    (owner || canModerate(actor, action)) && transitionTarget(campaign.status, action) !== null;
  return {
    update: owner && editScope(campaign.status) !== 'none',
    publish: can('publish'),
    pause: can('pause'),
    resume: can('resume'),
    complete: can('complete'),
    archive: can('archive'),
    duplicate: owner,
    delete: owner && canDelete(campaign.status),
    media: owner && canChangeMedia(campaign.status),
    message: canMessage(actor, campaign, hasThread),
    fund: owner && fundable,
  };
}

// ── publishing ─────────────────────────────────────────────────────────────────────────────────────────────

export type PublishableCampaign = {
  type_id: number;
  url_tracking: boolean;
} & { [K in Exclude<CampaignField, 'type_id' | 'interests' | 'url_tracking'>]: string | number | null };

export type PublishProblems = {
  /** Required fields that are empty, in form order. */
  missing: CampaignField[];
  /** Fields that are present but not acceptable, with the message for each. */
  invalid: Partial<Record<CampaignField, string>>;
};

/**
 * What stops a campaign from being published (or resumed): the type's required fields, a tracker URL when
 * URL tracking is on, dates in order and an end date not before `today` (YYYY-MM-DD), and for cash types an
 * amount per post within the total budget.
 */
export function publishProblems(c: PublishableCampaign, today: string): PublishProblems {
  const required = fieldsRequiredToPublish(c.type_id);
  const empty = (f: CampaignField) => {
    const v = (c as Record<string, unknown>)[f];
    return v === null || v === undefined || v === '';
  };
  const missing = required.filter(empty);
  if (c.url_tracking && empty('tracker_url')) missing.push('tracker_url');
  const invalid: PublishProblems['invalid'] = {};
  const start = c.start_date as string | null;
  const end = c.end_date as string | null;
  if (start && end && start > end) invalid.end_date = API_MESSAGE.campaignDatesOrder;
  else if (end && end < today) invalid.end_date = API_MESSAGE.campaignEndDatePast;
  const total = c.total_budget_cents as number | null;
  const perPost = c.amount_per_post_cents as number | null;
  if (required.includes('amount_per_post_cents') && total !== null && perPost !== null && perPost > total) {
    invalid.amount_per_post_cents = API_MESSAGE.campaignAmountExceedsBudget;
  }
  return { missing, invalid };
}

/** The refusal for a campaign with problems (null when there are none): missing fields first, listed by label. */
export function publishRefusal(
  problems: PublishProblems,
): { message: string; fields: Record<string, string> } | null {
  const { missing, invalid } = problems;
  const fields: Record<string, string> = {};
  for (const f of missing)
    fields[f] =
      f === 'tracker_url' ? API_MESSAGE.campaignTrackerUrlRequired : API_MESSAGE.campaignRequiredToPublish;
  for (const [f, message] of Object.entries(invalid)) fields[f] ??= message;
  if (missing.length)
    return {
      message: API_MESSAGE.campaignMissingFields(missing.map((f) => CAMPAIGN_FIELD_LABELS[f])),
      fields,
    };
  const first = Object.values(invalid)[0];
  return first ? { message: first, fields } : null;
}

/**
 * The calendar date (YYYY-MM-DD) that it still is somewhere on earth (UTC−12): an end date is "in the past"
 * only once that day is over everywhere, so a business late in its evening is never refused for "today".
 */
export function earliestToday(now: Date): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}
