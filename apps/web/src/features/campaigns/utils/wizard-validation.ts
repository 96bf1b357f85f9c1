import {
  CAMPAIGN_FIELD_LABELS,
  type CampaignField,
  campaignValueProblems,
  createCampaignBody,
  fieldsRequiredToPublish,
} from '@reach/contract/campaigns';
import { API_MESSAGE } from '@reach/contract/messages';
import {
  type CampaignFormValues,
  campaignBody,
  formKeyOfField,
  stepOfField,
  type WizardStep,
  wizardSteps,
} from './campaign-form';

/*
 * The wizard's own checks, step by step, with the contract's schema and messages so that the browser refuses
 * what the API would refuse, in the same words, on the step where the field is typed.
 *
 * - "Next" refuses wrong values on the step it leaves: a start or end date in the past, an end before the start,
 *   an amount per post above the total budget, and anything the request schema refuses (a tracker URL that is
 *   not a web address, max posts outside 1–1000, …). A draft may still be incomplete, so empty fields pass.
 * - Publishing also needs every field the type requires (as the API's publish check does).
 */

export type WizardCheckContext = {
  /** Today as the person sees it (YYYY-MM-DD, local). */
  today: string;
  /** A campaign that already ran keeps its start date even once it is past (a paused campaign). */
  startMayBePast?: boolean;
};

/** Form key → message, for the form's errors. */
export type WizardErrors = Record<string, string>;

/** Today's local calendar day, YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The message a required, empty field gets. */
function requiredMessage(field: CampaignField): string {
  if (field === 'type_id') return API_MESSAGE.campaignTypeRequired;
  if (field === 'tracker_url') return API_MESSAGE.campaignTrackerUrlRequired;
  if (field === 'max_posts_per_influencer') return API_MESSAGE.campaignMaxPostsRequired;
  return API_MESSAGE.campaignRequiredToPublish;
}

/** Every problem of the form, keyed by API field (the first message per field). */
function fieldProblems(
  values: CampaignFormValues,
  context: WizardCheckContext,
  requireFilled: boolean,
): { problems: Partial<Record<CampaignField, string>>; missing: CampaignField[] } {
  const problems: Partial<Record<CampaignField, string>> = {};
  const missing: CampaignField[] = [];
  if (values.type_id === null) {
    problems.type_id = API_MESSAGE.campaignTypeRequired;
    return { problems, missing: ['type_id'] };
  }
  const body = campaignBody(values);
  // What the request schema refuses (lengths, web addresses, money and post-count ranges).
  const parsed = createCampaignBody.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && field in CAMPAIGN_FIELD_LABELS)
        problems[field as CampaignField] ??= issue.message;
    }
  }
  // Empty fields the type needs to be published, and the tracker URL when tracking is on.
  if (requireFilled) {
    const filled = body as Record<string, unknown>;
    for (const field of fieldsRequiredForPublish(values)) {
      const value = filled[field];
      if (value !== null && value !== undefined && value !== '') continue;
      missing.push(field);
      problems[field] ??= requiredMessage(field);
    }
  }
  // Values that are there but cannot stand: dates in the past or out of order, a post above the budget.
  const wrong = campaignValueProblems(
    {
      start_date: values.start_date || null,
      end_date: values.end_date || null,
      total_budget_cents: body.total_budget_cents ?? null,
      amount_per_post_cents: body.amount_per_post_cents ?? null,
    },
    context.today,
    { startMayBePast: context.startMayBePast ?? false },
  );
  for (const [field, message] of Object.entries(wrong)) problems[field as CampaignField] ??= message;
  return { problems, missing };
}

/** The fields publishing needs for this form: the type's, and the tracker URL while tracking is on. */
function fieldsRequiredForPublish(values: CampaignFormValues): CampaignField[] {
  if (values.type_id === null) return ['type_id'];
  const fields = fieldsRequiredToPublish(values.type_id);
  return values.url_tracking ? [...fields, 'tracker_url'] : fields;
}

/** Problems as form errors (money fields under their dollar keys), in wizard order. */
function toFormErrors(problems: Partial<Record<CampaignField, string>>, only?: WizardStep): WizardErrors {
  const errors: WizardErrors = {};
  for (const field of Object.keys(CAMPAIGN_FIELD_LABELS) as CampaignField[]) {
    const message = problems[field];
    if (!message) continue;
    const key = formKeyOfField(field);
    if (only && stepOfField(key) !== only) continue;
    errors[key] = message;
  }
  return errors;
}

/**
 * What stops "Next" on this step: its fields' wrong values (empty ones pass, a draft may be incomplete),
 * and on the type step a type not chosen. Empty object: the step may be left.
 */
export function validateStep(
  step: WizardStep,
  values: CampaignFormValues,
  context: WizardCheckContext,
): WizardErrors {
  return toFormErrors(fieldProblems(values, context, false).problems, step);
}

/**
 * What stops publishing, over every step of the type: wrong values and the empty fields publishing needs.
 * `step` is the first step with a problem (where the wizard goes), null when there is none; `message` sums it
 * up as the API's publish check does (missing fields listed first).
 */
export function validateForPublish(
  values: CampaignFormValues,
  context: WizardCheckContext,
): { errors: WizardErrors; step: WizardStep | null; message: string | null } {
  const { problems, missing } = fieldProblems(values, context, true);
  const steps = wizardSteps(values.type_id);
  const errors = toFormErrors(problems);
  const step = steps.find((s) => Object.keys(errors).some((key) => stepOfField(key) === s)) ?? null;
  const fields = Object.keys(CAMPAIGN_FIELD_LABELS) as CampaignField[];
  const first = fields.map((f) => problems[f]).find((m) => m !== undefined) ?? null;
  const missingInOrder = fields.filter((f) => missing.includes(f));
  const message = missingInOrder.length
    ? API_MESSAGE.campaignMissingFields(missingInOrder.map((f) => CAMPAIGN_FIELD_LABELS[f]))
    : first;
  return { errors, step, message };
}
