import '@mantine/dates/styles.css';
import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import {
  ACTIVE_EDITABLE_FIELDS,
  ACTIVE_LOCKED_REASON,
  type Campaign,
  type UpdateCampaignBody,
} from '@reach/contract/campaigns';
import { DATE_FORMAT } from '@reach/contract/constants';
import { API_MESSAGE } from '@reach/contract/messages';
import { IconCalendar, IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { PageHeader } from '../../../components/page-header';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useUpdateCampaign } from '../api/update-campaign';
import { needsBudget, needsProduct } from '../utils/campaign-form';
import { formatDay } from '../utils/dates';
import { formatMoney } from '../utils/money';
import { Fact } from './campaign-overview';
import { CALENDAR_LABELS } from './wizard/details-step';
import { MediaUploader } from './wizard/media-uploader';

type BriefField = (typeof ACTIVE_EDITABLE_FIELDS)[number];
type BriefValues = Record<Exclude<BriefField, 'end_date'>, string> & { end_date: string | null };

const TEXTS: { field: Exclude<BriefField, 'end_date'>; label: string; description: string; rows: number }[] =
  [
    {
      field: 'description',
      label: 'Description',
      description: 'What the campaign is about. Creators see this first.',
      rows: 3,
    },
    { field: 'brand_overview', label: 'Brand overview', description: 'Who you are.', rows: 2 },
    { field: 'objectives', label: 'Objectives', description: 'What a successful post achieves.', rows: 2 },
    { field: 'talking_points', label: 'Talking points', description: 'One per line.', rows: 2 },
    {
      field: 'post_requirements',
      label: 'Post requirements',
      description: 'Format, hashtags, tags and anything a post must include.',
      rows: 2,
    },
  ];

function valuesOf(c: Campaign): BriefValues {
  return {
    description: c.description ?? '',
    brand_overview: c.brand_overview ?? '',
    objectives: c.objectives ?? '',
    talking_points: c.talking_points ?? '',
    post_requirements: c.post_requirements ?? '',
    end_date: c.end_date,
  };
}

/**
 * /business/campaigns/:id/edit of an active campaign: the brief changes while the campaign runs. Only what the
 * API lets an active campaign change is editable (the copy, the media and a later end date); the terms
 * creators accepted are shown read-only with why. Saving records a revision and tells the accepted creators.
 */
export function BriefEditor({ campaign }: { campaign: Campaign }) {
  const navigate = useNavigate();
  const update = useUpdateCampaign();
  const [failure, setFailure] = useState<string | null>(null);
  const initial = valuesOf(campaign);
  const form = useForm<BriefValues>({
    initialValues: initial,
    validate: {
      description: (v) => (v.trim() ? null : API_MESSAGE.campaignRequiredToPublish),
      end_date: (v) =>
        !v
          ? API_MESSAGE.campaignRequiredToPublish
          : campaign.end_date && v < campaign.end_date
            ? API_MESSAGE.campaignEndDateEarlier
            : null,
    },
  });
  const title = campaign.title || 'Untitled campaign';
  const page = `/business/campaigns/${campaign.id}`;

  const save = async (values: BriefValues) => {
    setFailure(null);
    const body: UpdateCampaignBody = {};
    for (const field of ACTIVE_EDITABLE_FIELDS) {
      const value = values[field];
      if (value === initial[field]) continue;
      (body as Record<string, string | null>)[field] =
        typeof value === 'string' && value.trim() === '' ? null : value;
    }
    if (Object.keys(body).length === 0) {
      toast.success('Nothing changed in the brief.');
      await navigate(page);
      return;
    }
    try {
      await update.mutateAsync({ id: campaign.id, body });
      form.resetDirty(values);
      toast.success('Brief updated. Creators working on this campaign were told.');
      await navigate(page);
    } catch (error) {
      setFailure(errorMessage(error));
      if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
    }
  };

  return (
    <>
      <Breadcrumbs mb="xs" separator="›">
        <Anchor component={Link} to="/business/campaigns" size="sm">
          Campaigns
        </Anchor>
        <Anchor component={Link} to={page} size="sm" lineClamp={1}>
          {title}
        </Anchor>
        <Text size="sm" c="dimmed">
          Edit brief
        </Text>
      </Breadcrumbs>
      <PageHeader
        title={`Edit the brief of “${title}”`}
        description="The campaign stays live. Text changes apply when you save, media as soon as they upload; creators working on it are told, and every change is kept in the brief's history."
      />
      <form onSubmit={form.onSubmit((values) => void save(values))} noValidate>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="md">
                <Title order={2} fz="lg">
                  The brief
                </Title>
                {failure && <FormAlert title="Not saved">{failure}</FormAlert>}
                {TEXTS.map(({ field, label, description, rows }) => (
                  <Textarea
                    key={field}
                    label={label}
                    description={description}
                    required={field === 'description'}
                    autosize
                    minRows={rows}
                    maxRows={10}
                    {...form.getInputProps(field)}
                  />
                ))}
                <DatePickerInput
                  label="End date"
                  description="It can move later, not earlier: accepted creators agreed to it."
                  required
                  placeholder={DATE_FORMAT}
                  valueFormat={DATE_FORMAT}
                  leftSection={<IconCalendar size={16} aria-hidden />}
                  minDate={campaign.end_date ?? undefined}
                  ariaLabels={CALENDAR_LABELS}
                  popoverProps={{ withinPortal: true }}
                  maw={280}
                  {...form.getInputProps('end_date')}
                />
                <MediaUploader
                  campaignId={campaign.id}
                  media={campaign.media}
                  canChange={campaign.abilities.media}
                  ensureCampaign={async () => campaign.id}
                  label={needsProduct(campaign.type_id) ? 'Product media' : 'Brief media'}
                />
                <Group
                  justify="flex-end"
                  gap="sm"
                  pt="md"
                  style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                >
                  <Button component={Link} to={page} variant="default">
                    Cancel
                  </Button>
                  <Button
                    type="submit"
                    leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                    loading={update.isPending}
                  >
                    Save brief
                  </Button>
                </Group>
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <LockedTerms campaign={campaign} />
          </Grid.Col>
        </Grid>
      </form>
    </>
  );
}

/** What stays as it is while the campaign runs, with why; pausing the campaign unlocks it. */
function LockedTerms({ campaign }: { campaign: Campaign }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} bg="gray.0" aria-labelledby="locked-terms-title">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="gray" radius="xl" aria-hidden>
            <IconLock size={16} />
          </ThemeIcon>
          <Title order={2} fz="lg" id="locked-terms-title">
            Locked terms
          </Title>
        </Group>
        <Text size="sm" fw={600}>
          {ACTIVE_LOCKED_REASON}.
        </Text>
        <Text size="sm" c="dimmed">
          They stay as they are while the campaign runs. To change them, pause the campaign first.
        </Text>
        <Stack gap="sm">
          <Fact label="Title">{campaign.title || 'Untitled campaign'}</Fact>
          <Fact label="Start date">{formatDay(campaign.start_date) || 'Not set'}</Fact>
          <Fact label="Interests">
            {campaign.interests.length ? (
              <Group gap={4}>
                {campaign.interests.map((interest) => (
                  <Badge key={interest.id} variant="light" size="sm">
                    {interest.name}
                  </Badge>
                ))}
              </Group>
            ) : (
              'None chosen'
            )}
          </Fact>
          {needsProduct(campaign.type_id) && (
            <Fact label="Product">
              {campaign.product_name ?? '—'}
              {campaign.product_amount_cents !== null &&
                ` · ${formatMoney(campaign.product_amount_cents)} value`}
            </Fact>
          )}
          {needsBudget(campaign.type_id) && (
            <>
              <Fact label="Total budget">{formatMoney(campaign.total_budget_cents)}</Fact>
              <Fact label="Per post">{formatMoney(campaign.amount_per_post_cents)}</Fact>
              <Fact label="Max posts per influencer">{campaign.max_posts_per_influencer ?? '—'}</Fact>
            </>
          )}
          {campaign.url_tracking && campaign.tracker_url && (
            <Fact label="Tracking link">
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {campaign.tracker_url}
              </Text>
            </Fact>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
