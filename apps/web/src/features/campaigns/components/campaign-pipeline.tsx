import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  type CampaignPipeline,
  PIPELINE_STAGE_LABELS,
  PIPELINE_STAGES,
  type PipelineCreator,
  type PipelineStage,
  type PipelineWaitingOn,
} from '@reach/contract/campaign-pipeline';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MetricProvenanceSummary } from '../../../components/metric-provenance';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useAcceptApplication } from '../api/answer-application';
import { formatMoney } from '../utils/money';

export type PipelineViewer = 'business' | 'admin';

const STAGE_COLORS: Record<PipelineStage, string> = {
  invited: 'gray',
  applied: 'grape',
  accepted: 'blue',
  content_submitted: 'yellow',
  approved: 'teal',
  paid: 'green',
  declined: 'red',
};

function waitingText(waitingOn: PipelineWaitingOn, viewer: PipelineViewer): string {
  if (waitingOn === 'none') return 'Nobody waiting';
  if (waitingOn === 'creator') return 'Waiting on the creator';
  return viewer === 'business' ? 'Waiting on you' : 'Waiting on the business';
}

/**
 * The campaign's creators by stage (issue 12): a count per stage, then each non-empty stage with its creators,
 * their next step and who it waits on. The business gets the one-click moves that exist already: accept an
 * application, open the connection (decline, complete, message) or the posts waiting for review.
 */
export function PipelineCard({
  campaignId,
  pipeline,
  viewer,
  isPending,
  error,
}: {
  campaignId: number;
  pipeline: CampaignPipeline | undefined;
  viewer: PipelineViewer;
  isPending: boolean;
  error: unknown;
}) {
  // The invited count includes the outreach still waiting for the creator to join (no connection yet).
  const awaiting = pipeline
    ? Math.max(0, pipeline.counts.invited - pipeline.creators.filter((c) => c.stage === 'invited').length)
    : 0;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="pipeline-title">
      <Stack gap="md">
        <Group justify="space-between" align="baseline" wrap="wrap">
          <Title order={2} fz="lg" id="pipeline-title">
            Pipeline
          </Title>
          {pipeline && (
            <Text size="sm" c="dimmed">
              {pipeline.creators.length} {pipeline.creators.length === 1 ? 'creator' : 'creators'}
            </Text>
          )}
        </Group>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(error)}
          </Alert>
        ) : isPending || !pipeline ? (
          <Skeleton height={120} aria-label="Loading the pipeline" />
        ) : (
          <>
            <ul
              aria-label="Creators per stage"
              style={{
                listStyle: 'none',
                margin: 0,
                padding: 0,
                display: 'grid',
                gap: 'var(--mantine-spacing-xs)',
                gridTemplateColumns: 'repeat(auto-fill, minmax(84px, 1fr))',
              }}
            >
              {PIPELINE_STAGES.map((stage) => (
                <li key={stage}>
                  <Paper
                    withBorder
                    px="xs"
                    py={6}
                    radius="sm"
                    h="100%"
                    style={{ borderTop: `3px solid var(--mantine-color-${STAGE_COLORS[stage]}-6)` }}
                  >
                    <Text size="xs" c="dimmed" lh={1.25}>
                      {PIPELINE_STAGE_LABELS[stage]}
                    </Text>
                    <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {pipeline.counts[stage]}
                    </Text>
                  </Paper>
                </li>
              ))}
            </ul>
            {pipeline.creators.length === 0 ? (
              <Text size="sm" c="dimmed">
                {awaiting > 0
                  ? `No creators on the campaign yet: ${awaitingText(awaiting)} (see Outreach).`
                  : 'No creators yet. Invite creators from Discovery or import a CSV; they appear here with their progress.'}
              </Text>
            ) : (
              PIPELINE_STAGES.filter((stage) => pipeline.counts[stage] > 0).map((stage) => (
                <StageGroup
                  key={stage}
                  stage={stage}
                  campaignId={campaignId}
                  viewer={viewer}
                  creators={pipeline.creators.filter((c) => c.stage === stage)}
                  awaiting={stage === 'invited' ? awaiting : 0}
                />
              ))
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** "2 invitations mailed and waiting": outreach counted as invited without a creator yet. */
function awaitingText(n: number): string {
  return `${n} ${n === 1 ? 'invitation' : 'invitations'} mailed and waiting`;
}

function StageGroup({
  stage,
  creators,
  campaignId,
  viewer,
  awaiting,
}: {
  stage: PipelineStage;
  creators: PipelineCreator[];
  campaignId: number;
  viewer: PipelineViewer;
  /** Invitations counted in this stage that have no creator on the campaign yet (outreach). */
  awaiting: number;
}) {
  const headingId = `pipeline-stage-${stage}`;
  return (
    <Stack gap={6} component="section" aria-labelledby={headingId}>
      <Group gap="xs">
        <Title order={3} fz="sm" id={headingId}>
          {PIPELINE_STAGE_LABELS[stage]}
        </Title>
        <Badge
          size="sm"
          variant="light"
          color={STAGE_COLORS[stage]}
          aria-label={`${creators.length} creators`}
        >
          {creators.length}
        </Badge>
      </Group>
      {awaiting > 0 && (
        <Text size="xs" c="dimmed">
          And {awaitingText(awaiting)}: they join this list when they sign up (see Outreach).
        </Text>
      )}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {creators.map((creator) => (
          <CreatorRow key={creator.connection_id} creator={creator} campaignId={campaignId} viewer={viewer} />
        ))}
      </ul>
    </Stack>
  );
}

function CreatorRow({
  creator,
  campaignId,
  viewer,
}: {
  creator: PipelineCreator;
  campaignId: number;
  viewer: PipelineViewer;
}) {
  const accept = useAcceptApplication();
  const business = viewer === 'business';
  const connectionLink = `/business/connections/${creator.connection_id}`;
  const onAccept = async () => {
    try {
      await accept.mutateAsync(creator.connection_id);
      toast.success(`${creator.name} accepted.`);
    } catch (error) {
      toast.error(errorMessage(error), { title: null, autoClose: 4000 });
    }
  };
  const waiting = waitingText(creator.waiting_on, viewer);
  return (
    <li style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Group justify="space-between" gap="sm" py="xs" wrap="wrap" align="center">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Avatar src={creator.avatar_url} name={creator.name} color="initials" size={36} alt="" />
          <Stack gap={0} style={{ minWidth: 0 }}>
            {business ? (
              <Anchor component={Link} to={connectionLink} fw={600} size="sm" lineClamp={1}>
                {creator.name}
              </Anchor>
            ) : (
              <Text fw={600} size="sm" lineClamp={1}>
                {creator.name}
              </Text>
            )}
            <Text size="xs" c="dimmed" lineClamp={2}>
              {creator.username ? `@${creator.username} · ` : ''}
              Next: {creator.next_action_label}
              {creator.paid_cents > 0 ? ` · Paid ${formatMoney(creator.paid_cents)}` : ''}
              {creator.committed_cents > 0 ? ` · Owed ${formatMoney(creator.committed_cents)}` : ''}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs" wrap="wrap" justify="flex-end">
          <Badge
            size="sm"
            variant={creator.waiting_on === 'business' ? 'filled' : 'light'}
            color={
              creator.waiting_on === 'business'
                ? 'orange'
                : creator.waiting_on === 'creator'
                  ? 'blue'
                  : 'gray'
            }
          >
            {waiting}
          </Badge>
          {business && creator.next_action === 'review_application' && (
            <>
              <Button
                size="compact-sm"
                leftSection={<IconCheck size={14} aria-hidden />}
                loading={accept.isPending}
                onClick={() => void onAccept()}
                aria-label={`Accept ${creator.name}`}
              >
                Accept
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                component={Link}
                to={connectionLink}
                aria-label={`Open ${creator.name}'s application to decline it`}
              >
                Decline…
              </Button>
            </>
          )}
          {business && creator.next_action === 'review_content' && (
            <Button
              size="compact-sm"
              component={Link}
              to={`/business/posts?campaign=${campaignId}`}
              aria-label={`Review post by ${creator.name}`}
            >
              Review post
            </Button>
          )}
          {business && creator.next_action === 'complete_collaboration' && (
            <Button
              size="compact-sm"
              variant="light"
              color="teal"
              component={Link}
              to={connectionLink}
              aria-label={`Open ${creator.name}'s connection to mark it completed`}
            >
              Complete…
            </Button>
          )}
        </Group>
      </Group>
    </li>
  );
}

/** The posts' figures: approved posts, reach and engagements where measured. */
export function ResultsCard({ pipeline }: { pipeline: CampaignPipeline | undefined }) {
  const number = new Intl.NumberFormat('en-US');
  const r = pipeline?.results;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="results-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="results-title">
          Results
        </Title>
        {!r ? (
          <Skeleton height={60} aria-label="Loading the results" />
        ) : (
          <>
            <SimpleGrid cols={3} spacing="xs">
              <Figure
                label="Approved posts"
                value={`${number.format(r.approved_posts)} of ${number.format(r.posts)}`}
              />
              <Figure label="Reach" value={r.measured_posts > 0 ? number.format(r.reach) : '—'} />
              <Figure label="Engagements" value={r.measured_posts > 0 ? number.format(r.engagements) : '—'} />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {r.measured_posts > 0
                ? `Reach and engagements (likes + comments) of ${r.measured_posts} approved ${r.measured_posts === 1 ? 'post' : 'posts'} with metrics.`
                : 'Reach and engagements appear once approved posts have metrics.'}
            </Text>
            <MetricProvenanceSummary
              measured={r.provenance.measured_posts}
              estimated={r.provenance.estimated_posts}
              oldestAsOf={r.provenance.oldest_as_of}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Stack>
  );
}
