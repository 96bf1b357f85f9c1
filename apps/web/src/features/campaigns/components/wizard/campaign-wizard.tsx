import { Alert, Button, Group, Modal, Paper, Stack, Stepper, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery, useWindowEvent } from '@mantine/hooks';
import type { AiDraft } from '@reach/contract/campaign-ai';
import { CAMPAIGN_FIELD_LABELS, type Campaign, type CampaignStatus } from '@reach/contract/campaigns';
import { AI_BUILDER_TOUR_DELAY_MS, MAX_CAMPAIGN_INTERESTS, type TourName } from '@reach/contract/constants';
import { API_MESSAGE } from '@reach/contract/messages';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconArrowRight,
  IconDeviceFloppy,
  IconRocket,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../../components/page-header';
import { FundCampaignModal, type FundTarget } from '../../../../components/payments/fund-campaign-modal';
import { ApiError, errorMessage } from '../../../../lib/api-error';
import { MOBILE_QUERY } from '../../../../lib/media';
import { toast } from '../../../../lib/toast';
import { isTourCompleted, startTour, TourButton } from '../../../../lib/tours';
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
  STEP_LABELS,
  stepOfField,
  type WizardStep,
  wizardSteps,
} from '../../utils/campaign-form';
import { CampaignStatusBadge } from '../campaign-badges';
import { AiBuilderModal } from './ai-builder-modal';
import { BudgetStep } from './budget-step';
import { DetailsStep } from './details-step';
import { ProductStep } from './product-step';
import { TypeStep } from './type-step';
import '../../tours';

const STEP_TOUR: Record<WizardStep, TourName> = {
  type: 'campaign-type-selection',
  details: 'campaign-details',
  product: 'campaign-product',
  budget: 'campaign-budget',
};

const FIELD_ORDER = Object.keys(CAMPAIGN_FIELD_LABELS);

/** Where a saved campaign resumes: the first step with a field still needed to publish, else the last. */
function resumeStep(campaign: Campaign | undefined): WizardStep {
  if (!campaign) return 'type';
  const steps = wizardSteps(campaign.type_id);
  const missing = campaign.missing_fields.map(stepOfField).filter((s) => steps.includes(s));
  if (missing.length) return steps.find((s) => missing.includes(s)) ?? 'details';
  return steps.at(-1) ?? 'details';
}

/**
 * The campaign wizard: type → details → product → budget (steps the type does not need are skipped). Save a
 * draft at any step (created on the first save, then updated), publish at the end. API errors land next to
 * their fields and the wizard jumps to the step that has them; nothing typed is ever thrown away.
 */
export function CampaignWizard({
  initial,
  onCreated,
}: {
  initial?: Campaign | undefined;
  /** Called once the first save created the draft (the route moves to its edit URL). */
  onCreated: (id: number) => void;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
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

  const steps = wizardSteps(form.values.type_id);
  const stepsWithErrors = new Set(Object.keys(form.errors).map(stepOfField));
  const active = Math.max(0, steps.indexOf(step));
  const current = steps[active] ?? 'type';
  const last = active === steps.length - 1;

  const goTo = (next: WizardStep) => {
    setStep(next);
    topRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  /** Puts an API error on the form, and opens the first step that has one of its fields. */
  const showError = (error: unknown, title = 'Not saved') => {
    setFailure({ title, message: errorMessage(error) });
    if (error instanceof ApiError && error.fields) {
      form.setErrors(formErrorsFromFields(error.fields));
      const fields = Object.keys(error.fields).sort(
        (a, b) => (FIELD_ORDER.indexOf(a) >>> 0) - (FIELD_ORDER.indexOf(b) >>> 0),
      );
      const target = fields.map(stepOfField).find((s) => steps.includes(s));
      if (target) goTo(target);
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
    const saved = await save();
    if (!saved) {
      setBusy(null);
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

  const next = () => {
    if (current === 'type' && form.values.type_id === null) {
      form.setFieldError('type_id', API_MESSAGE.campaignTypeRequired);
      return;
    }
    const following = steps[active + 1];
    if (following) goTo(following);
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

  return (
    <div ref={topRef} style={{ scrollMarginTop: 80 }}>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            <span>{savedId === null ? 'New campaign' : values.title.trim() || 'Untitled draft'}</span>
            {savedId !== null && <CampaignStatusBadge status={status} size="lg" />}
          </Group>
        }
        description={
          savedId === null
            ? 'Set up your campaign in a few steps. Save a draft at any time and finish later.'
            : status === 'paused'
              ? 'This campaign is paused: change what you need, then resume it.'
              : 'Your draft is saved. Continue where you left off, then publish.'
        }
        actions={<TourButton key={STEP_TOUR[current]} name={STEP_TOUR[current]} />}
      />

      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (last) void publish();
            else next();
          }}
          noValidate
        >
          <Stack gap="xl">
            <Stepper
              active={active}
              onStepClick={(index) => {
                const target = steps[index];
                if (target && (index <= active || form.values.type_id !== null)) goTo(target);
              }}
              allowNextStepsSelect={form.values.type_id !== null}
              size={isMobile ? 'xs' : 'sm'}
              aria-label="Campaign steps"
            >
              {steps.map((s, index) => {
                const flagged = stepsWithErrors.has(s);
                return (
                  <Stepper.Step
                    key={s}
                    label={isMobile ? undefined : STEP_LABELS[s].label}
                    description={
                      isMobile ? undefined : flagged ? 'Needs attention' : STEP_LABELS[s].description
                    }
                    color={flagged ? 'red' : undefined}
                    aria-label={`Step ${index + 1}: ${STEP_LABELS[s].label}${flagged ? ' (needs attention)' : ''}`}
                  />
                );
              })}
            </Stepper>

            <Stack gap={4}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                Step {active + 1} of {steps.length}
              </Text>
              <Text component="h2" fw={700} fz="xl">
                {STEP_HEADINGS[current]}
              </Text>
            </Stack>

            {failure && (
              <Alert
                color="red"
                variant="light"
                role="alert"
                icon={<IconAlertCircle size={18} aria-hidden />}
                title={failure.title}
                withCloseButton
                closeButtonLabel="Dismiss"
                onClose={() => setFailure(null)}
              >
                {failure.message}
              </Alert>
            )}

            {current === 'type' && (
              <TypeStep
                value={values.type_id}
                onChange={(typeId) => form.setFieldValue('type_id', typeId)}
                error={form.errors.type_id as string | undefined}
              />
            )}
            {current === 'details' && <DetailsStep form={form} onOpenAiBuilder={openAiBuilder} />}
            {current === 'product' && (
              <ProductStep
                form={form}
                campaignId={savedId}
                media={campaign?.media ?? []}
                canChangeMedia={campaign ? campaign.abilities.media : true}
                ensureCampaign={ensureCampaign}
              />
            )}
            {current === 'budget' && (
              <BudgetStep
                form={form}
                funding={
                  campaign
                    ? {
                        fundedCents: campaign.budget.funded_cents,
                        toFundCents: campaign.budget.to_fund_cents,
                        canFund: campaign.abilities.fund,
                      }
                    : null
                }
                onFund={() => void fundBudget()}
                fundingBusy={busy === 'fund'}
              />
            )}

            <WizardFooter
              mobile={isMobile}
              back={
                <Button
                  variant="subtle"
                  leftSection={<IconArrowLeft size={18} aria-hidden />}
                  onClick={() => goTo(steps[active - 1] ?? 'type')}
                  disabled={active === 0}
                >
                  Back
                </Button>
              }
              save={
                <Button
                  variant="default"
                  leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                  onClick={() => void saveDraft()}
                  loading={busy === 'save'}
                  disabled={busy === 'publish'}
                  data-tour="wizard-save"
                >
                  {status === 'draft' ? 'Save draft' : 'Save changes'}
                </Button>
              }
              primary={
                last ? (
                  <Button
                    type="submit"
                    leftSection={<IconRocket size={18} aria-hidden />}
                    loading={busy === 'publish'}
                    disabled={busy === 'save'}
                    fullWidth={isMobile}
                  >
                    {finalLabel}
                  </Button>
                ) : (
                  <Button
                    type="submit"
                    rightSection={<IconArrowRight size={18} aria-hidden />}
                    fullWidth={isMobile}
                  >
                    Next
                  </Button>
                )
              }
            />
          </Stack>
        </form>
      </Paper>

      <FundCampaignModal
        campaign={fundTarget}
        opened={fundOpened}
        onClose={() => setFundOpened(false)}
        onFunded={() => {
          if (savedId !== null)
            void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(savedId) });
          setFailure(null);
          form.clearFieldError('total_budget');
        }}
      />

      <AiBuilderModal
        opened={aiOpen}
        onClose={() => setAiOpen(false)}
        typeId={values.type_id}
        onUse={applyDraft}
        replacesText={typedDetails}
      />

      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title="Leave without saving?"
        centered
      >
        <Stack gap="lg">
          <Text size="sm">You have changes that are not saved yet. They will be lost if you leave now.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              Stay
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              Leave without saving
            </Button>
          </Group>
        </Stack>
      </Modal>
    </div>
  );
}

/** Back, Save draft and Next/Publish: one row on wide screens; on phones the main action gets its own row. */
function WizardFooter({
  mobile,
  back,
  save,
  primary,
}: {
  mobile: boolean;
  back: ReactNode;
  save: ReactNode;
  primary: ReactNode;
}) {
  const border = { borderTop: '1px solid var(--mantine-color-gray-2)' };
  if (mobile) {
    return (
      <Stack gap="sm" pt="md" style={border}>
        {primary}
        <Group justify="space-between" gap="sm">
          {back}
          {save}
        </Group>
      </Stack>
    );
  }
  return (
    <Group justify="space-between" gap="sm" pt="md" style={border}>
      {back}
      <Group gap="sm">
        {save}
        {primary}
      </Group>
    </Group>
  );
}

const STEP_HEADINGS: Record<WizardStep, string> = {
  type: 'What will influencers get?',
  details: 'Campaign details',
  product: 'Product details',
  budget: 'Budget',
};
