import {
  BUDGET_FIELDS,
  CAMPAIGN_TYPE,
  type Campaign,
  type CampaignField,
  type CreateCampaignBody,
  fieldsRequiredToPublish,
  PRODUCT_FIELDS,
} from '@reach/contract/campaigns';
import { centsToInput, inputToCents, type MoneyInput } from './money';

/** An interest as the form keeps it: the id the API wants and the name the person sees. */
export type InterestOption = { id: number; name: string };

/** Everything the wizard edits; text fields are '' when empty, money fields are dollars ('' when empty). */
export type CampaignFormValues = {
  type_id: number | null;
  title: string;
  start_date: string | null;
  end_date: string | null;
  interests: InterestOption[];
  description: string;
  brand_overview: string;
  objectives: string;
  talking_points: string;
  post_requirements: string;
  url_tracking: boolean;
  tracker_url: string;
  product_name: string;
  product_amount: MoneyInput;
  product_description: string;
  product_link: string;
  total_budget: MoneyInput;
  amount_per_post: MoneyInput;
  max_posts_per_influencer: number | string;
};

export const EMPTY_CAMPAIGN_FORM: CampaignFormValues = {
  type_id: null,
  title: '',
  start_date: null,
  end_date: null,
  interests: [],
  description: '',
  brand_overview: '',
  objectives: '',
  talking_points: '',
  post_requirements: '',
  url_tracking: false,
  tracker_url: '',
  product_name: '',
  product_amount: '',
  product_description: '',
  product_link: '',
  total_budget: '',
  amount_per_post: '',
  max_posts_per_influencer: '',
};

export function formValuesFromCampaign(c: Campaign): CampaignFormValues {
  return {
    type_id: c.type_id,
    title: c.title ?? '',
    start_date: c.start_date,
    end_date: c.end_date,
    interests: c.interests.map(({ id, name }) => ({ id, name })),
    description: c.description ?? '',
    brand_overview: c.brand_overview ?? '',
    objectives: c.objectives ?? '',
    talking_points: c.talking_points ?? '',
    post_requirements: c.post_requirements ?? '',
    url_tracking: c.url_tracking,
    tracker_url: c.tracker_url ?? '',
    product_name: c.product_name ?? '',
    product_amount: centsToInput(c.product_amount_cents),
    product_description: c.product_description ?? '',
    product_link: c.product_link ?? '',
    total_budget: centsToInput(c.total_budget_cents),
    amount_per_post: centsToInput(c.amount_per_post_cents),
    max_posts_per_influencer: c.max_posts_per_influencer ?? '',
  };
}

export function needsProduct(typeId: number | null): boolean {
  return typeId === CAMPAIGN_TYPE.product || typeId === CAMPAIGN_TYPE.combination;
}

export function needsBudget(typeId: number | null): boolean {
  return typeId === CAMPAIGN_TYPE.cash || typeId === CAMPAIGN_TYPE.combination;
}

const wholeNumber = (value: number | string): number | null => {
  if (value === '' || value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : null;
};

/**
 * The body of POST /campaigns or PUT /campaign/{id}: every field, money in integer cents, '' as null. Fields
 * the chosen type does not use are sent empty (the form keeps them, so switching back restores them).
 */
export function campaignBody(values: CampaignFormValues): CreateCampaignBody & { type_id: number } {
  const product = needsProduct(values.type_id);
  const budget = needsBudget(values.type_id);
  const orNull = (text: string) => (text.trim() === '' ? null : text);
  return {
    type_id: values.type_id ?? CAMPAIGN_TYPE.product,
    title: orNull(values.title),
    start_date: values.start_date || null,
    end_date: values.end_date || null,
    interests: values.interests.map((interest) => interest.id),
    description: orNull(values.description),
    brand_overview: orNull(values.brand_overview),
    objectives: orNull(values.objectives),
    talking_points: orNull(values.talking_points),
    post_requirements: orNull(values.post_requirements),
    url_tracking: values.url_tracking,
    tracker_url: values.url_tracking ? orNull(values.tracker_url) : null,
    product_name: product ? orNull(values.product_name) : null,
    product_amount_cents: product ? inputToCents(values.product_amount) : null,
    product_description: product ? orNull(values.product_description) : null,
    product_link: product ? orNull(values.product_link) : null,
    total_budget_cents: budget ? inputToCents(values.total_budget) : null,
    amount_per_post_cents: budget ? inputToCents(values.amount_per_post) : null,
    max_posts_per_influencer: budget ? wholeNumber(values.max_posts_per_influencer) : null,
  };
}

// ── steps ───────────────────────────────────────────────────────────────────────────────────────────────────

export type WizardStep = 'type' | 'details' | 'product' | 'budget';

export const STEP_LABELS: Record<WizardStep, { label: string; description: string }> = {
  type: { label: 'Type', description: 'What you offer' },
  details: { label: 'Details', description: 'The brief' },
  product: { label: 'Product', description: 'What they get' },
  budget: { label: 'Budget', description: 'What you pay' },
};

/** The steps a type needs: product for types 1 and 3, budget for 2 and 3. */
export function wizardSteps(typeId: number | null): WizardStep[] {
  const steps: WizardStep[] = ['type', 'details'];
  if (needsProduct(typeId)) steps.push('product');
  if (needsBudget(typeId)) steps.push('budget');
  return steps;
}

/** Form keys that are not campaign fields: the money inputs in dollars, and media uploads. */
const FORM_KEY_OF: Partial<Record<string, keyof CampaignFormValues>> = {
  product_amount_cents: 'product_amount',
  total_budget_cents: 'total_budget',
  amount_per_post_cents: 'amount_per_post',
};

/** The form key an API field error belongs under (e.g. `total_budget_cents` → `total_budget`). */
export function formKeyOfField(field: string): string {
  return FORM_KEY_OF[field] ?? field;
}

const PRODUCT_KEYS = new Set<string>([...PRODUCT_FIELDS, 'product_amount', 'product_link', 'file', 'media']);
const BUDGET_KEYS = new Set<string>([...BUDGET_FIELDS, 'total_budget', 'amount_per_post']);

const MEDIA_KEYS = new Set(['file', 'media']);

/**
 * The step where a field (API name or form key) is edited. Media live on the product step, or with the brief
 * (details) for a type without one (cash); without a type they count as product fields.
 */
export function stepOfField(field: string, typeId?: number | null): WizardStep {
  if (field === 'type_id') return 'type';
  if (MEDIA_KEYS.has(field) && typeId != null && !needsProduct(typeId)) return 'details';
  if (PRODUCT_KEYS.has(field)) return 'product';
  if (BUDGET_KEYS.has(field)) return 'budget';
  return 'details';
}

/** API field errors keyed for the form. */
export function formErrorsFromFields(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, message]) => [formKeyOfField(field), message]),
  );
}

/** Whether the form field must be filled before publishing this type (the wizard marks it required). */
export function requiredToPublish(typeId: number | null, field: CampaignField): boolean {
  return typeId !== null && fieldsRequiredToPublish(typeId).includes(field);
}

/** The amount per post is more than the whole budget: the budget step warns (spec §5). */
export function amountExceedsBudget(values: Pick<CampaignFormValues, 'total_budget' | 'amount_per_post'>) {
  const total = inputToCents(values.total_budget);
  const perPost = inputToCents(values.amount_per_post);
  return total !== null && perPost !== null && perPost > total;
}
