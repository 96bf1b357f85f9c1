import { useForm } from '@mantine/form';
import { useWindowEvent } from '@mantine/hooks';
import type { AiDraft } from '@reach/contract/campaign-ai';
import { CAMPAIGN_FIELD_LABELS, type Campaign, type CampaignStatus } from '@reach/contract/campaigns';
import { AI_BUILDER_TOUR_DELAY_MS, MAX_CAMPAIGN_INTERESTS } from '@reach/contract/constants';
import { API_MESSAGE } from '@reach/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import type { FundTarget } from '../../../../components/payments/fund-campaign-modal';
import { ApiError, errorMessage } from '../../../../lib/api-error';
import { toast } from '../../../../lib/toast';
import { isTourCompleted, startTour } from '../../../../lib/tours';
import { campaignKeys } from '../../api/campaign-keys';
import { useCreateCampaign } from '../../api/create-campaign';
import { useCampaign } from '../../api/get-campaign';
import { useTransitionCampaign } from '../../api/transition-campaign';
import { useUpdateCampaign } from '../../api/update-campaign';
import {
  type CampaignFormValues,
  campaignBody,
  EMPTY_CAMPAIGN_FORM,
  formErrorsFromFields,
  formValuesFromCampaign,
  stepOfField,
  type WizardStep,
  wizardSteps,
} from '../../utils/campaign-form';
import {
  localToday,
  validateForPublish,
  validateStep,
  type WizardCheckContext,
  type WizardErrors,
} from '../../utils/wizard-validation';

const FIELD_ORDER = Object.keys(CAMPAIGN_FIELD_LABELS);

/** Where a saved campaign resumes: the first step with a field still needed to publish, else the last. */
function resumeStep(campaign: Campaign | undefined): WizardStep {
  if (!campaign) return 'type';
  const steps = wizardSteps(campaign.type_id);
  const missing = campaign.missing_fields
    .map((f) => stepOfField(f, campaign.type_id))
    .filter((s) => steps.includes(s));
  if (missing.length) return steps.find((s) => missing.includes(s)) ?? 'details';
  return steps.at(-1) ?? 'details';
}

/**
 * The campaign wizard's state: the form, the step, the draft (created on the first save, then updated), publish,
 * funding, the AI builder, API errors put on their fields, and the guard against leaving with unsaved changes.
 */
export function useCampaignWizard(initial: Campaign | undefined, onCreated: (id: number) => void) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const form = useForm<CampaignFormValues>({
    initialValues: initial ? formValuesFromCampaign(initial) : EMPTY_CAMPAIGN_FORM,
  });
  const [savedId, setSavedId] = useState<number | null>(initial?.id ?? null);
  const { data: loaded } = useCampaign(savedId ?? 0, { enabled: savedId !== null });
  const campaign = loaded ?? initial;
  const status: CampaignStatus = campaign?.status ?? 'draft';
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const transition = useTransitionCampaign();
  const [step, setStep] = useState<WizardStep>(() => resumeStep(initial));
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const [busy, setBusy] = useState<'save' | 'publish' | 'fund' | null>(null);
  const queryClient = useQueryClient();
  const [fundTarget, setFundTarget] = useState<FundTarget | null>(null);
  const [fundOpened, setFundOpened] = useState(false);
  const [aiOpen, setAiOpen] = useState(false);
  const leaving = useRef(false);
  const topRef = useRef<HTMLDivElement>(null);
  /** The current step's fields: the first invalid one gets the focus after a refusal. */
  const stepRef = useRef<HTMLDivElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  const steps = wizardSteps(form.values.type_id);
  const stepsWithErrors = new Set(Object.keys(form.errors).map((f) => stepOfField(f, form.values.type_id)));
  const active = Math.max(0, steps.indexOf(step));
  const current = steps[active] ?? 'type';
  const last = active === steps.length - 1;

  const goTo = (next: WizardStep) => {
    setStep(next);
    topRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  /** What the wizard checks against: today, and whether the saved start date may stay in the past. */
  const checkContext = (): WizardCheckContext => ({
    today: localToday(),
    startMayBePast:
      status !== 'draft' && !!campaign?.start_date && campaign.start_date === form.getValues().start_date,
  });

  /** Shows the refusals on their fields, opens `target` (the step that owns them) and focuses the first one. */
  const refuse = (errors: WizardErrors, target: WizardStep) => {
    form.setErrors(errors);
    if (target !== current) goTo(target);
    setFocusRequest((n) => n + 1);
  };

  /**
   * Moving forward from the current step to `target`: each step on the way must pass its checks; the first that
   * does not is shown with its errors. Returns whether the wizard moved.
   */
  const advanceTo = (target: WizardStep): boolean => {
    const values = form.getValues();
    const to = steps.indexOf(target);
    for (let i = active; i < to; i++) {
      const s = steps[i]!;
      const errors = validateStep(s, values, checkContext());
      if (Object.keys(errors).length) {
        refuse(errors, s);
        return false;
      }
    }
    form.clearErrors();
    goTo(target);
    return true;
  };

  // After a refusal: the first invalid field of the step in view gets the focus (and is scrolled to).
  useEffect(() => {
    if (focusRequest === 0) return;
    const frame = requestAnimationFrame(() => {
      const root = stepRef.current;
      const field =
        root?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        root?.querySelector<HTMLElement>('input[type="radio"]');
      if (!field) return;
      field.focus({ preventScroll: true });
      field.scrollIntoView({ block: 'center', behavior: 'smooth' });
    });
    return () => cancelAnimationFrame(frame);
  }, [focusRequest]);

  /** Puts an API error on the form, and opens the first step that has one of its fields. */
  const showError = (error: unknown, title = 'Not saved') => {
    setFailure({ title, message: errorMessage(error) });
    if (error instanceof ApiError && error.fields) {
      form.setErrors(formErrorsFromFields(error.fields));
      const fields = Object.keys(error.fields).sort(
        (a, b) => (FIELD_ORDER.indexOf(a) >>> 0) - (FIELD_ORDER.indexOf(b) >>> 0),
      );
      const target = fields.map((f) => stepOfField(f, form.values.type_id)).find((s) => steps.includes(s));
      if (target) goTo(target);
      setFocusRequest((n) => n + 1);
    } else {
      topRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
  };

  /** Creates the draft on the first save, then updates it. Returns the saved campaign, or null on failure. */
  const save = async (): Promise<Campaign | null> => {
    setFailure(null);
    form.clearErrors();
    const values = form.getValues();
    if (values.type_id === null) {
      form.setFieldError('type_id', API_MESSAGE.campaignTypeRequired);
      goTo('type');
      return null;
    }
    const body = campaignBody(values);
    try {
      const saved =
        savedId === null ? await create.mutateAsync(body) : await update.mutateAsync({ id: savedId, body });
      form.resetDirty(values);
      if (savedId === null) {
        setSavedId(saved.id);
        leaving.current = true;
        onCreated(saved.id);
      }
      return saved;
    } catch (error) {
      showError(error);
      return null;
    }
  };

  const saveDraft = async () => {
    setBusy('save');
    const saved = await save();
    setBusy(null);
    if (saved) toast.success(saved.status === 'draft' ? 'Draft saved.' : 'Changes saved.');
  };

  /** The draft saved first for media uploads. */
  const ensureCampaign = async (): Promise<number | null> => {
    if (savedId !== null) return savedId;
    const saved = await save();
    if (saved) toast.success('Draft saved so your media can be uploaded.');
    return saved?.id ?? null;
  };

  const publish = async () => {
    setBusy('publish');
    // What the browser can tell is checked first; the draft is still saved, so nothing typed is lost.
    const check = validateForPublish(form.getValues(), checkContext());
    const saved = await save();
    if (!saved) {
      setBusy(null);
      return;
    }
    if (check.step) {
      setBusy(null);
      setFailure({
        title: 'Not published yet',
        message: check.message ?? API_MESSAGE.campaignRequiredToPublish,
      });
      refuse(check.errors, check.step);
      return;
    }
    const action = saved.status === 'paused' ? 'resume' : 'publish';
    try {
      if (saved.status === 'draft' || (saved.status === 'paused' && saved.abilities.resume)) {
        await transition.mutateAsync({ id: saved.id, action });
        toast.success(
          action === 'publish' ? 'Campaign published. Influencers can now find it.' : 'Campaign resumed.',
        );
      } else {
        toast.success('Changes saved.');
      }
      leaving.current = true;
      await navigate(`/business/campaigns/${saved.id}`);
    } catch (error) {
      showError(error, action === 'publish' ? 'Not published yet' : 'Not resumed');
    } finally {
      setBusy(null);
    }
  };

  /** Funding charges the saved total budget: save what was typed first, then open the payment. */
  const fundBudget = async () => {
    setBusy('fund');
    const saved = await save();
    setBusy(null);
    if (!saved) return;
    if (!saved.abilities.fund) {
      toast.success(saved.budget.to_fund_cents === 0 ? 'The budget is already funded.' : 'Changes saved.');
      return;
    }
    setFundTarget({
      id: saved.id,
      title: saved.title,
      total_budget_cents: saved.total_budget_cents,
      to_fund_cents: saved.budget.to_fund_cents,
    });
    setFundOpened(true);
  };

  /** "Next": the current step's checks first; a refusal stays on this step with its errors shown. */
  const next = () => {
    const following = steps[active + 1];
    if (following) advanceTo(following);
    else {
      const errors = validateStep(current, form.getValues(), checkContext());
      if (Object.keys(errors).length) refuse(errors, current);
    }
  };

  const openAiBuilder = () => {
    setAiOpen(true);
    setTimeout(() => {
      if (!isTourCompleted('ai-campaign-builder')) void startTour('ai-campaign-builder');
    }, AI_BUILDER_TOUR_DELAY_MS);
  };

  const applyDraft = (draft: AiDraft) => {
    form.setValues({
      title: draft.title,
      description: draft.description,
      brand_overview: draft.brand_overview,
      objectives: draft.objectives,
      talking_points: draft.talking_points,
      post_requirements: draft.post_requirements,
      interests: draft.interests.slice(0, MAX_CAMPAIGN_INTERESTS).map(({ id, name }) => ({ id, name })),
    });
    setAiOpen(false);
    toast.success('The draft is in. Review it, edit what you like, then save.');
  };

  // Unsaved changes: ask before leaving the wizard, and let the browser ask before a reload or close.
  const dirty = form.isDirty();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useWindowEvent('beforeunload', (event) => {
    if (form.isDirty()) event.preventDefault();
  });
  // A navigation this wizard started (to the new draft's URL) has landed: guard again from here on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger
  useEffect(() => {
    leaving.current = false;
  }, [pathname]);

  const values = form.values;
  const typedDetails = [values.title, values.description, values.brand_overview, values.objectives].some(
    (text) => text.trim() !== '',
  );
  const finalLabel =
    status === 'paused' ? (campaign?.abilities.resume ? 'Save and resume' : 'Save changes') : 'Publish';

  /** After a payment: the draft's budget changed, and a "fund first" error no longer applies. */
  const onFunded = () => {
    if (savedId !== null) void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(savedId) });
    setFailure(null);
    form.clearFieldError('total_budget');
  };

  return {
    form,
    values,
    savedId,
    campaign,
    status,
    steps,
    stepsWithErrors,
    active,
    current,
    last,
    goTo,
    advanceTo,
    next,
    failure,
    dismissFailure: () => setFailure(null),
    busy,
    saveDraft,
    ensureCampaign,
    publish,
    fundBudget,
    fund: { target: fundTarget, opened: fundOpened, close: () => setFundOpened(false), onFunded },
    ai: { opened: aiOpen, open: openAiBuilder, close: () => setAiOpen(false), apply: applyDraft },
    blocker,
    topRef,
    stepRef,
    startMayBePast: checkContext().startMayBePast ?? false,
    typedDetails,
    finalLabel,
  };
}
