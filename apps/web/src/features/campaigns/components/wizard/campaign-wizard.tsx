import { Alert, Button, Group, Modal, Paper, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Campaign } from '@reach/contract/campaigns';
import type { TourName } from '@reach/contract/constants';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconArrowRight,
  IconDeviceFloppy,
  IconRocket,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../../components/page-header';
import { FundCampaignModal } from '../../../../components/payments/fund-campaign-modal';
import { MOBILE_QUERY } from '../../../../lib/media';
import { TourButton } from '../../../../lib/tours';
import { needsProduct, STEP_LABELS, type WizardStep } from '../../utils/campaign-form';
import { CampaignStatusBadge } from '../campaign-badges';
import { AiBuilderModal } from './ai-builder-modal';
import { BudgetStep } from './budget-step';
import { DetailsStep } from './details-step';
import { ProductStep } from './product-step';
import { TypeStep } from './type-step';
import { useCampaignWizard } from './use-campaign-wizard';
import '../../tours';

type Wizard = ReturnType<typeof useCampaignWizard>;

const STEP_TOUR: Record<WizardStep, TourName> = {
  type: 'campaign-type-selection',
  details: 'campaign-details',
  product: 'campaign-product',
  budget: 'campaign-budget',
};

const STEP_HEADINGS: Record<WizardStep, string> = {
  type: 'What will influencers get?',
  details: 'Campaign details',
  product: 'Product details',
  budget: 'Budget',
};

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
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const wizard = useCampaignWizard(initial, onCreated);
  const { savedId, status, values, active, steps, current, failure } = wizard;

  return (
    <div ref={wizard.topRef} style={{ scrollMarginTop: 80 }}>
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
            if (wizard.last) void wizard.publish();
            else wizard.next();
          }}
          noValidate
        >
          <Stack gap="xl">
            <WizardStepper wizard={wizard} mobile={isMobile} />

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
                onClose={wizard.dismissFailure}
              >
                {failure.message}
              </Alert>
            )}

            <div ref={wizard.stepRef}>
              <CurrentStep wizard={wizard} />
            </div>

            <WizardFooter wizard={wizard} mobile={isMobile} />
          </Stack>
        </form>
      </Paper>

      <FundCampaignModal
        campaign={wizard.fund.target}
        opened={wizard.fund.opened}
        onClose={wizard.fund.close}
        onFunded={wizard.fund.onFunded}
      />

      <AiBuilderModal
        opened={wizard.ai.opened}
        onClose={wizard.ai.close}
        typeId={values.type_id}
        onUse={wizard.ai.apply}
        replacesText={wizard.typedDetails}
      />

      <LeaveModal blocker={wizard.blocker} />
    </div>
  );
}

/** The steps of this campaign type; a step with an error is flagged, later steps open once a type is chosen. */
function WizardStepper({ wizard, mobile }: { wizard: Wizard; mobile: boolean }) {
  const { steps, active, stepsWithErrors, form, goTo, advanceTo } = wizard;
  return (
    <Stepper
      active={active}
      onStepClick={(index) => {
        const target = steps[index];
        if (!target) return;
        // Back freely; forward only past steps whose values pass their checks (as "Next").
        if (index <= active) goTo(target);
        else if (form.values.type_id !== null) advanceTo(target);
      }}
      allowNextStepsSelect={form.values.type_id !== null}
      size={mobile ? 'xs' : 'sm'}
      aria-label="Campaign steps"
    >
      {steps.map((s, index) => {
        const flagged = stepsWithErrors.has(s);
        return (
          <Stepper.Step
            key={s}
            label={mobile ? undefined : STEP_LABELS[s].label}
            description={mobile ? undefined : flagged ? 'Needs attention' : STEP_LABELS[s].description}
            color={flagged ? 'red' : undefined}
            // On a phone the step shows only its number: the label names it. Wider, the step is named by what
            // it shows, number, label and description (an aria-label would have to repeat Mantine's unspaced
            // text to keep the visible label in the name, WCAG 2.5.3).
            aria-label={
              mobile
                ? `Step ${index + 1}: ${STEP_LABELS[s].label}${flagged ? ' (needs attention)' : ''}`
                : undefined
            }
          />
        );
      })}
    </Stepper>
  );
}

/** The fields of the current step. */
function CurrentStep({ wizard }: { wizard: Wizard }) {
  const { current, form, values, campaign, savedId } = wizard;
  switch (current) {
    case 'type':
      return (
        <TypeStep
          value={values.type_id}
          onChange={(typeId) => form.setFieldValue('type_id', typeId)}
          error={form.errors.type_id as string | undefined}
        />
      );
    case 'details':
      return (
        <DetailsStep
          form={form}
          onOpenAiBuilder={wizard.ai.open}
          startMayBePast={wizard.startMayBePast}
          briefMedia={
            needsProduct(values.type_id)
              ? null
              : {
                  campaignId: savedId,
                  media: campaign?.media ?? [],
                  canChange: campaign ? campaign.abilities.media : true,
                  ensureCampaign: wizard.ensureCampaign,
                }
          }
        />
      );
    case 'product':
      return (
        <ProductStep
          form={form}
          campaignId={savedId}
          media={campaign?.media ?? []}
          canChangeMedia={campaign ? campaign.abilities.media : true}
          ensureCampaign={wizard.ensureCampaign}
        />
      );
    case 'budget':
      return (
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
          onFund={() => void wizard.fundBudget()}
          fundingBusy={wizard.busy === 'fund'}
        />
      );
  }
}

/** Back, Save draft and Next/Publish: one row on wide screens; on phones the main action gets its own row. */
function WizardFooter({ wizard, mobile }: { wizard: Wizard; mobile: boolean }) {
  const { steps, active, busy, status, last } = wizard;
  const back = (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={18} aria-hidden />}
      onClick={() => wizard.goTo(steps[active - 1] ?? 'type')}
      disabled={active === 0}
    >
      Back
    </Button>
  );
  const save = (
    <Button
      variant="default"
      leftSection={<IconDeviceFloppy size={18} aria-hidden />}
      onClick={() => void wizard.saveDraft()}
      loading={busy === 'save'}
      disabled={busy === 'publish'}
      data-tour="wizard-save"
    >
      {status === 'draft' ? 'Save draft' : 'Save changes'}
    </Button>
  );
  const primary: ReactNode = last ? (
    <Button
      type="submit"
      leftSection={<IconRocket size={18} aria-hidden />}
      loading={busy === 'publish'}
      disabled={busy === 'save'}
      fullWidth={mobile}
    >
      {wizard.finalLabel}
    </Button>
  ) : (
    <Button type="submit" rightSection={<IconArrowRight size={18} aria-hidden />} fullWidth={mobile}>
      Next
    </Button>
  );
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

/** Asked before leaving the wizard with unsaved changes. */
function LeaveModal({ blocker }: { blocker: Wizard['blocker'] }) {
  return (
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
  );
}
