import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { creatorAttribution, revenueByCurrency } from '@reach/contract/attribution';
import { Fragment, useState } from 'react';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../lib/api-error';
import {
  useCampaignAttribution,
  useRemoveDiscountCode,
  useSetDiscountCode,
} from '../../lib/attribution/campaign-attribution';
import { formatCount } from '../../lib/format';
import { toast } from '../../lib/toast';
import { CopyValue } from './copy-value';

type Creator = z.output<typeof creatorAttribution>;
type Revenue = z.output<typeof revenueByCurrency>;

/** "$1,234.50 · €20.00", or "—" with no revenue (no conversion between currencies). */
export function formatRevenue(revenue: Revenue): string {
  if (revenue.length === 0) return '—';
  return revenue
    .map((r) => {
      try {
        return new Intl.NumberFormat('en-US', { style: 'currency', currency: r.currency }).format(
          Number(r.amount),
        );
      } catch {
        return `${r.amount} ${r.currency}`;
      }
    })
    .join(' · ');
}

/**
 * "Links and codes" on the business's campaign page (issue 14): each active creator's tracked link (copy), its
 * clicks, their discount code (copy, set or replace, remove), and the conversions and revenue attributed to them.
 */
export function CampaignLinksCard({ campaignId }: { campaignId: number }) {
  const { data, error, isPending } = useCampaignAttribution(campaignId);
  const [editing, setEditing] = useState<Creator | null>(null);
  const [removing, setRemoving] = useState<Creator | null>(null);

  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Links and codes
        </Title>
        {isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading links and codes">
            <Skeleton height={20} width="60%" />
            <Skeleton height={72} />
          </Stack>
        ) : error ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(error)}
          </Alert>
        ) : !data.url_tracking || !data.tracker_url ? (
          <Text size="sm" c="dimmed">
            URL tracking is off: turn on “URL tracking” and give a tracker URL in Edit campaign (Details) to
            give each accepted creator a tracked link and a discount code.
          </Text>
        ) : data.creators.length === 0 ? (
          <Text size="sm" c="dimmed">
            No accepted creators yet: each creator gets a tracked link here once you both agree.
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Total: {formatCount(data.totals.clicks.unique)} unique clicks (
              {formatCount(data.totals.clicks.total)} in all) · {formatCount(data.totals.conversions.count)}{' '}
              {data.totals.conversions.count === 1 ? 'conversion' : 'conversions'} ·{' '}
              {formatRevenue(data.totals.conversions.revenue)}
            </Text>
            {data.creators.map((creator, index) => (
              <Fragment key={creator.influencer_user_id}>
                {index > 0 && <Divider />}
                <CreatorRow
                  creator={creator}
                  onEdit={() => setEditing(creator)}
                  onRemove={() => setRemoving(creator)}
                />
              </Fragment>
            ))}
            <Text size="xs" c="dimmed">
              {data.rule} Attribution window: {data.attribution_window_days} days.
            </Text>
          </>
        )}
      </Stack>
      <CodeModal campaignId={campaignId} creator={editing} onClose={() => setEditing(null)} />
      <RemoveCodeModal campaignId={campaignId} creator={removing} onClose={() => setRemoving(null)} />
    </Paper>
  );
}

function CreatorRow({
  creator,
  onEdit,
  onRemove,
}: {
  creator: Creator;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const who = creator.handle ? `${creator.name} (@${creator.handle})` : creator.name;
  return (
    <Stack gap="xs" aria-label={creator.name} role="group">
      <Text fw={600}>{who}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="xs">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            Tracked link
          </Text>
          {creator.link ? (
            <CopyValue label={`link of ${creator.name}`} value={creator.link.url} />
          ) : (
            <Text size="sm">—</Text>
          )}
          <Text size="sm">
            {formatCount(creator.clicks.unique)} unique · {formatCount(creator.clicks.total)} total clicks
          </Text>
        </Stack>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            Discount code
          </Text>
          {creator.discount_code ? (
            <CopyValue label={`code of ${creator.name}`} value={creator.discount_code.code} />
          ) : (
            <Text size="sm">No code yet</Text>
          )}
          <Group gap="xs">
            <Button size="compact-sm" variant="light" onClick={onEdit}>
              {creator.discount_code ? 'Replace code' : 'Set code'}
            </Button>
            {creator.discount_code && (
              <Button size="compact-sm" variant="subtle" color="red" onClick={onRemove}>
                Remove code
              </Button>
            )}
          </Group>
        </Stack>
      </SimpleGrid>
      <Text size="sm">
        {formatCount(creator.conversions.count)}{' '}
        {creator.conversions.count === 1 ? 'conversion' : 'conversions'} ·{' '}
        {formatRevenue(creator.conversions.revenue)}
      </Text>
    </Stack>
  );
}

function CodeModal({
  campaignId,
  creator,
  onClose,
}: {
  campaignId: number;
  creator: Creator | null;
  onClose: () => void;
}) {
  const setCode = useSetDiscountCode(campaignId);
  const [mode, setMode] = useState<'typed' | 'generated'>('typed');
  const [code, setCodeValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const close = () => {
    setMode('typed');
    setCodeValue('');
    setFieldError(null);
    setFormError(null);
    setCode.reset();
    onClose();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!creator) return;
    setFieldError(null);
    setFormError(null);
    const typed = code.trim();
    if (mode === 'typed' && !/^[A-Za-z0-9_-]{3,32}$/.test(typed)) {
      setFieldError('A discount code has 3 to 32 characters: letters A–Z, digits 0–9, "-" or "_".');
      return;
    }
    setCode.mutate(
      { influencerUserId: creator.influencer_user_id, code: mode === 'typed' ? typed : null },
      {
        onSuccess: (result) => {
          toast.success(`${creator.name}’s code is now ${result.code}.`);
          close();
        },
        onError: (error) => {
          // A clash (409) or a bad format (400) belongs to the code field; anything else above the form.
          if (mode === 'typed' && error instanceof ApiError && (error.status === 409 || error.status === 400))
            setFieldError(errorMessage(error));
          else setFormError(errorMessage(error));
        },
      },
    );
  };

  return (
    <Modal
      opened={creator !== null}
      onClose={close}
      title={creator?.discount_code ? `Replace ${creator.name}’s code` : `Set ${creator?.name ?? ''}’s code`}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {creator?.discount_code && (
            <Text size="sm">
              Current code: <strong>{creator.discount_code.code}</strong>. Orders already attributed stay so.
            </Text>
          )}
          <SegmentedControl
            value={mode}
            onChange={(value) => setMode(value as 'typed' | 'generated')}
            data={[
              { value: 'typed', label: 'Type a code' },
              { value: 'generated', label: 'Generate one' },
            ]}
            aria-label="How to choose the code"
          />
          {mode === 'typed' ? (
            <TextInput
              label="Discount code"
              description="3–32 characters: A–Z, 0–9, - or _ (saved in capitals)"
              value={code}
              onChange={(event) => setCodeValue(event.currentTarget.value)}
              error={fieldError}
              data-autofocus
              autoComplete="off"
            />
          ) : (
            <Text size="sm">A code is made from the creator’s handle, e.g. HANDLE-10.</Text>
          )}
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={setCode.isPending}>
              Save code
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RemoveCodeModal({
  campaignId,
  creator,
  onClose,
}: {
  campaignId: number;
  creator: Creator | null;
  onClose: () => void;
}) {
  const remove = useRemoveDiscountCode(campaignId);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={creator !== null} onClose={close} title="Remove the discount code?">
      <Stack gap="md">
        <Text size="sm">
          {creator?.name}’s code {creator?.discount_code?.code} stops counting for new orders. Orders already
          attributed stay so.
        </Text>
        {remove.error && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(remove.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              creator &&
              remove.mutate(creator.influencer_user_id, {
                onSuccess: () => {
                  toast.success('Code removed.');
                  close();
                },
              })
            }
          >
            Remove code
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
