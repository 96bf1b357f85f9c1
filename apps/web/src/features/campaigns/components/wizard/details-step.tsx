import '@mantine/dates/styles.css';
import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { ADVISED_TITLE_MAX_LENGTH, DATE_FORMAT } from '@reach/contract/constants';
import { IconCalendar, IconInfoCircle, IconSparkles } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type CampaignFormValues, requiredToPublish } from '../../utils/campaign-form';
import { localToday } from '../../utils/wizard-validation';
import { InterestsInput } from './interests-input';
import { MediaUploader } from './media-uploader';

/** The media uploader's inputs, for campaigns whose media live with the brief (cash: no product step). */
export type BriefMediaProps = Omit<Parameters<typeof MediaUploader>[0], 'label'>;

/** Spec §5 advice: allow 1–2 weeks for content. Shorter campaigns get a gentle note, never a refusal. */
const ADVISED_MIN_DAYS = 7;

export const CALENDAR_LABELS = {
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  nextYear: 'Next year',
  previousYear: 'Previous year',
  nextDecade: 'Next decade',
  previousDecade: 'Previous decade',
  monthLevelControl: 'Change month',
  yearLevelControl: 'Change year',
};

/**
 * Step 2: the brief. Everything here is advice-checked only; the API decides what publishing needs. A campaign
 * without a product step (cash) carries its brief media here.
 */
export function DetailsStep({
  form,
  onOpenAiBuilder,
  startMayBePast = false,
  briefMedia = null,
}: {
  form: UseFormReturnType<CampaignFormValues>;
  onOpenAiBuilder: () => void;
  /** A campaign that already started keeps its (past) start date; otherwise past days cannot be picked. */
  startMayBePast?: boolean;
  briefMedia?: BriefMediaProps | null;
}) {
  const { values } = form;
  const required = (field: Parameters<typeof requiredToPublish>[1]) =>
    requiredToPublish(values.type_id, field);
  const titleLength = values.title.trim().length;
  // Past days are greyed out in the calendars; "Next" still refuses a past date that was saved earlier.
  const today = localToday();
  const endMin = values.start_date && values.start_date > today ? values.start_date : today;
  const days =
    values.start_date && values.end_date
      ? dayjs(values.end_date).diff(dayjs(values.start_date), 'day') + 1
      : null;

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md" bg="var(--mantine-color-reach-0)">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ flex: '1 1 260px' }}>
            <Text fw={600}>Short on time?</Text>
            <Text size="sm" c="dimmed">
              Describe your product in a sentence and the AI campaign builder drafts this step for you.
            </Text>
          </Stack>
          <Button
            leftSection={<IconSparkles size={18} aria-hidden />}
            variant="gradient"
            gradient={{ from: 'reach.6', to: 'grape.6', deg: 120 }}
            onClick={onOpenAiBuilder}
            data-tour="ai-builder-button"
          >
            AI campaign builder
          </Button>
        </Group>
      </Paper>

      <TextInput
        label="Title"
        required={required('title')}
        description={`Advice: keep it under ${ADVISED_TITLE_MAX_LENGTH} characters so it is never cut short (${titleLength}/${ADVISED_TITLE_MAX_LENGTH}).`}
        placeholder="e.g. Summer glow with Solstice sunscreen"
        data-tour="campaign-title"
        {...form.getInputProps('title')}
      />
      {titleLength > ADVISED_TITLE_MAX_LENGTH && (
        <Text size="xs" c="yellow.8" mt={-12} role="status">
          Your title is {titleLength} characters. Titles under {ADVISED_TITLE_MAX_LENGTH} read best on cards
          and phones — but you can keep it.
        </Text>
      )}

      <Stack gap={6} data-tour="campaign-dates">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <DatePickerInput
            label="Start date"
            required={required('start_date')}
            placeholder={DATE_FORMAT}
            valueFormat={DATE_FORMAT}
            leftSection={<IconCalendar size={16} aria-hidden />}
            clearable
            minDate={startMayBePast ? undefined : today}
            ariaLabels={CALENDAR_LABELS}
            popoverProps={{ withinPortal: true }}
            {...form.getInputProps('start_date')}
          />
          <DatePickerInput
            label="End date"
            required={required('end_date')}
            placeholder={DATE_FORMAT}
            valueFormat={DATE_FORMAT}
            leftSection={<IconCalendar size={16} aria-hidden />}
            clearable
            minDate={endMin}
            defaultDate={values.start_date ?? undefined}
            ariaLabels={CALENDAR_LABELS}
            popoverProps={{ withinPortal: true }}
            {...form.getInputProps('end_date')}
          />
        </SimpleGrid>
        {days !== null && days > 0 && days < ADVISED_MIN_DAYS ? (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} p="xs">
            <Text size="sm">
              This campaign runs {days} {days === 1 ? 'day' : 'days'}. Influencers usually need 1–2 weeks to
              create their content — consider a later end date.
            </Text>
          </Alert>
        ) : (
          <Text size="xs" c="dimmed">
            Advice: allow 1–2 weeks for influencers to create their content.
            {days !== null && days > 0 ? ` This campaign runs ${days} days.` : ''}
          </Text>
        )}
      </Stack>

      <div data-tour="campaign-interests">
        <InterestsInput
          value={values.interests}
          onChange={(interests) => form.setFieldValue('interests', interests)}
          error={form.errors.interests as string | undefined}
        />
      </div>

      <Stack gap="md" data-tour="campaign-brief">
        <Textarea
          label="Description"
          required={required('description')}
          description="What the campaign is about, in a few sentences. Influencers see this first."
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('description')}
        />
        <Textarea
          label="Brand overview"
          description="Who you are and what you stand for."
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('brand_overview')}
        />
        <Textarea
          label="Objectives"
          description="What a successful post achieves: awareness, sign-ups, sales…"
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('objectives')}
        />
        <Textarea
          label="Talking points"
          description="The messages to get across, one per line."
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('talking_points')}
        />
        <Textarea
          label="Post requirements"
          description="Format, hashtags, tags and anything a post must include."
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('post_requirements')}
        />
      </Stack>

      {briefMedia && <MediaUploader {...briefMedia} label="Brief media" />}

      <Stack gap="sm" data-tour="campaign-tracking">
        <Switch
          label="URL tracking"
          description="Give influencers a tracking link so you can count the visits their posts bring."
          {...form.getInputProps('url_tracking', { type: 'checkbox' })}
        />
        {values.url_tracking && (
          <TextInput
            label="Tracker URL"
            required
            type="url"
            placeholder="https://example.com/?utm_source=reach"
            {...form.getInputProps('tracker_url')}
          />
        )}
      </Stack>
    </Stack>
  );
}
