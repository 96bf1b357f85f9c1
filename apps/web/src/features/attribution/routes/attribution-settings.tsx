import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  NumberInput,
  Paper,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { ATTRIBUTION_RULE, MAX_ATTRIBUTION_WINDOW_DAYS } from '@reach/contract/attribution';
import {
  EMV_PLATFORMS,
  EMV_RATE_KEYS,
  type EmvPlatform,
  type EmvRates,
  MAX_EMV_PER_1000_IMPRESSIONS,
  MAX_EMV_PER_ENGAGEMENT,
  REPORT_MESSAGE,
} from '@reach/contract/reports';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CopyValue } from '../../../components/attribution/copy-value';
import { PageHeader } from '../../../components/page-header';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { SUBSCRIPTIONS_PATH } from '../../../lib/subscription';
import { toast } from '../../../lib/toast';
import { useEmvSettings, useUpdateEmvSettings } from '../api/emv';
import {
  useApiKeys,
  useAttributionSettings,
  useCreateApiKey,
  useRevokeApiKey,
  useUpdateAttributionSettings,
} from '../api/settings';

/** /business/settings/attribution — the attribution window, API keys for conversions, and the Shopify webhook. */
export default function AttributionSettingsRoute() {
  const settings = useAttributionSettings();
  return (
    <>
      <PageHeader
        title="Attribution & API keys"
        description="How orders are credited to creators, and how your shop reports them to REACH."
      />
      {settings.error instanceof ApiError && settings.error.status === 402 ? (
        <Alert color="yellow" variant="light" title="Attribution comes with a plan">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(settings.error)}</Text>
            <Anchor component={Link} to={SUBSCRIPTIONS_PATH} size="sm" fw={600}>
              See the plans
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="lg">
          <WindowCard />
          <EmvCard />
          <ApiKeysCard />
          <ShopifyCard />
        </Stack>
      )}
    </>
  );
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper component="section" withBorder p={{ base: 'md', sm: 'lg' }} aria-labelledby={id}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id={id}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

function WindowCard() {
  const settings = useAttributionSettings();
  const update = useUpdateAttributionSettings();
  const [days, setDays] = useState<number | string>('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const saved = settings.data?.attribution_window_days;
  useEffect(() => {
    if (saved !== undefined) setDays(saved);
  }, [saved]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    const value = Number(days);
    if (!Number.isInteger(value) || value < 1 || value > MAX_ATTRIBUTION_WINDOW_DAYS) {
      setFieldError('The attribution window is 1 to 90 days.');
      return;
    }
    update.mutate(
      { attribution_window_days: value },
      {
        onSuccess: () => toast.success(`Attribution window set to ${value} days.`),
        onError: (error) => setFieldError(errorMessage(error)),
      },
    );
  };

  return (
    <Section id="attribution-rule-title" title="Attribution rule" description={ATTRIBUTION_RULE}>
      {settings.isPending ? (
        <Skeleton height={60} />
      ) : settings.error ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(settings.error)}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" gap="sm">
            <NumberInput
              label="Attribution window (days)"
              description="A click counts for orders within this many days (1–90)."
              min={1}
              max={MAX_ATTRIBUTION_WINDOW_DAYS}
              allowDecimal={false}
              clampBehavior="none"
              value={days}
              onChange={setDays}
              error={fieldError}
              w={{ base: '100%', xs: 260 }}
            />
            <Button type="submit" loading={update.isPending} disabled={Number(days) === saved}>
              Save window
            </Button>
          </Group>
        </form>
      )}
    </Section>
  );
}

function ApiKeysCard() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<{ id: number; name: string; prefix: string } | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setNameError(null);
    if (!name.trim()) {
      setNameError('Name the key (e.g. "Shop server"), up to 80 characters.');
      return;
    }
    create.mutate(name.trim(), {
      onSuccess: (answer) => {
        setCreated({ name: answer.name, key: answer.key });
        setName('');
      },
      onError: (error) =>
        setNameError(
          error instanceof ApiError && error.fields?.name ? error.fields.name : errorMessage(error),
        ),
    });
  };

  return (
    <Section
      id="api-keys-title"
      title="API keys"
      description={
        <>
          Your shop reports orders to <code>POST /api/v1/conversions</code> with a key as{' '}
          <code>Authorization: Bearer rk_…</code>. Keys are stored hashed: you see a key only when you create
          it.
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Key name"
            placeholder="Shop server"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
            maxLength={80}
            w={{ base: '100%', xs: 280 }}
          />
          <Button type="submit" loading={create.isPending} mt={{ base: 0, xs: 25 }}>
            Create key
          </Button>
        </Group>
      </form>
      {keys.isPending ? (
        <Skeleton height={60} />
      ) : keys.error ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(keys.error)}
        </Alert>
      ) : keys.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No API keys yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={0}>
          <Table verticalSpacing="xs" aria-label="API keys">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Key</Table.Th>
                <Table.Th visibleFrom="sm">Created</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.data.map((key) => (
                <Table.Tr key={key.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {key.name}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {key.prefix}…
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">{formatDateTime(key.created_at)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{key.last_used_at ? formatDateTime(key.last_used_at) : 'Never'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => setRevoking(key)}
                      aria-label={`Revoke ${key.name}`}
                    >
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Modal
        opened={created !== null}
        onClose={() => setCreated(null)}
        title="Your new API key"
        closeOnClickOutside={false}
      >
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            Copy this key now: it is shown only once. REACH keeps only a hash of it.
          </Alert>
          <Text size="sm" fw={600}>
            {created?.name}
          </Text>
          {created && <CopyValue label="API key" value={created.key} />}
          <Group justify="flex-end">
            <Button onClick={() => setCreated(null)}>I have copied it</Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={revoking !== null}
        onClose={() => {
          revoke.reset();
          setRevoking(null);
        }}
        title="Revoke this API key?"
      >
        <Stack gap="md">
          <Text size="sm">
            Calls with {revoking?.name} ({revoking?.prefix}…) are refused from now on. This cannot be undone.
          </Text>
          {revoke.error && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(revoke.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => {
                revoke.reset();
                setRevoking(null);
              }}
            >
              Cancel
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() =>
                revoking &&
                revoke.mutate(revoking.id, {
                  onSuccess: () => {
                    toast.success(`${revoking.name} revoked.`);
                    setRevoking(null);
                  },
                })
              }
            >
              Revoke key
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}

function ShopifyCard() {
  const settings = useAttributionSettings();
  const update = useUpdateAttributionSettings();
  const [secret, setSecret] = useState('');
  const [secretError, setSecretError] = useState<string | null>(null);
  const shopify = settings.data?.shopify;

  const save = (value: string | null) => {
    setSecretError(null);
    if (value !== null && value.trim().length < 8) {
      setSecretError('The Shopify webhook secret has at least 8 characters.');
      return;
    }
    update.mutate(
      { shopify_webhook_secret: value },
      {
        onSuccess: () => {
          setSecret('');
          toast.success(value === null ? 'Shopify webhook removed.' : 'Shopify webhook secret saved.');
        },
        onError: (error) =>
          setSecretError(
            error instanceof ApiError && error.fields?.shopify_webhook_secret
              ? error.fields.shopify_webhook_secret
              : errorMessage(error),
          ),
      },
    );
  };

  return (
    <Section
      id="shopify-title"
      title="Shopify webhook"
      description="In Shopify (Settings › Notifications › Webhooks) create an “Order creation” webhook in JSON to the address below, and paste its signing secret here. REACH checks every order’s signature."
    >
      {settings.isPending ? (
        <Skeleton height={60} />
      ) : settings.error ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(settings.error)}
        </Alert>
      ) : (
        <>
          <Group gap="xs">
            <Text size="sm" fw={600}>
              Signing secret
            </Text>
            <Badge color={shopify?.configured ? 'teal' : 'gray'} variant="light">
              {shopify?.configured ? 'Set' : 'Not set'}
            </Badge>
          </Group>
          {shopify?.webhook_path ? (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                Webhook address
              </Text>
              <CopyValue label="webhook address" value={`${window.location.origin}${shopify.webhook_path}`} />
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              Save the signing secret to get your webhook address.
            </Text>
          )}
          <form
            onSubmit={(event) => {
              event.preventDefault();
              save(secret);
            }}
            noValidate
          >
            <Group align="flex-start" gap="sm">
              <PasswordInput
                label={shopify?.configured ? 'Replace the signing secret' : 'Signing secret'}
                description="Write-only: REACH never shows it back."
                value={secret}
                onChange={(event) => setSecret(event.currentTarget.value)}
                error={secretError}
                autoComplete="off"
                w={{ base: '100%', xs: 320 }}
              />
              <Button type="submit" loading={update.isPending} mt={{ base: 0, xs: 47 }}>
                Save secret
              </Button>
              {shopify?.configured && (
                <Button variant="subtle" color="red" mt={{ base: 0, xs: 47 }} onClick={() => save(null)}>
                  Remove webhook
                </Button>
              )}
            </Group>
          </form>
        </>
      )}
    </Section>
  );
}

const EMV_LABELS: Record<(typeof EMV_RATE_KEYS)[number], string> = {
  like: 'Per like',
  comment: 'Per comment',
  share: 'Per share',
  save: 'Per save',
  video_view: 'Per video view',
  per_1000_impressions: 'Per 1,000 impressions',
};
const PLATFORM_NAMES: Record<EmvPlatform, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
};

/** A value's problem, or null: $0 to the bound, at most 4 decimal places. */
function emvValueError(value: number | string, max: number): string | null {
  const n = typeof value === 'number' ? value : Number(value);
  if (value === '' || !Number.isFinite(n) || n < 0 || n > max) return REPORT_MESSAGE.emvValue(max);
  return Math.abs(n * 10_000 - Math.round(n * 10_000)) < 1e-6 ? null : REPORT_MESSAGE.emvValue(max);
}

/** The EMV values per platform (REACH defaults until set), the formula they make, and a reset. */
function EmvCard() {
  const settings = useEmvSettings();
  const update = useUpdateEmvSettings();
  const [platform, setPlatform] = useState<EmvPlatform>('instagram');
  const [draft, setDraft] = useState<Record<EmvPlatform, Record<string, number | string>> | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saved = settings.data?.rates;
  useEffect(() => {
    if (saved) setDraft(structuredClone(saved) as Record<EmvPlatform, Record<string, number | string>>);
  }, [saved]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const found: Record<string, string> = {};
    for (const p of EMV_PLATFORMS)
      for (const k of EMV_RATE_KEYS) {
        const max = k === 'per_1000_impressions' ? MAX_EMV_PER_1000_IMPRESSIONS : MAX_EMV_PER_ENGAGEMENT;
        const problem = emvValueError(draft[p][k] ?? '', max);
        if (problem) found[`rates.${p}.${k}`] = problem;
      }
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      setPlatform(first.split('.')[1] as EmvPlatform);
      return;
    }
    const rates = Object.fromEntries(
      EMV_PLATFORMS.map((p) => [p, Object.fromEntries(EMV_RATE_KEYS.map((k) => [k, Number(draft[p][k])]))]),
    ) as EmvRates;
    update.mutate(rates, {
      onSuccess: () => toast.success('EMV values saved. Reports use them now.'),
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
        else toast.error(errorMessage(error));
      },
    });
  };

  return (
    <Section
      id="emv-title"
      title="Earned media value (EMV)"
      description="What a like, comment, share, save, video view and 1,000 impressions are worth to you, per platform, in US dollars. REACH's defaults come from published industry CPM and cost-per-engagement ranges; reports show the formula with the values in force."
    >
      {settings.isPending || !draft ? (
        settings.error ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(settings.error)}
          </Alert>
        ) : (
          <Skeleton height={120} />
        )
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Group gap="xs">
              <Badge color={settings.data?.customised ? 'teal' : 'gray'} variant="light">
                {settings.data?.customised ? 'Your values' : 'REACH defaults'}
              </Badge>
            </Group>
            <SegmentedControl
              aria-label="Platform"
              value={platform}
              onChange={(value) => setPlatform(value as EmvPlatform)}
              data={EMV_PLATFORMS.map((p) => ({
                value: p,
                label: `${PLATFORM_NAMES[p]}${EMV_RATE_KEYS.some((k) => errors[`rates.${p}.${k}`]) ? ' (check)' : ''}`,
              }))}
              w={{ base: '100%', xs: 'auto' }}
            />
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
              {EMV_RATE_KEYS.map((k) => (
                <NumberInput
                  key={`${platform}-${k}`}
                  label={`${PLATFORM_NAMES[platform]}: ${EMV_LABELS[k].toLowerCase()}`}
                  prefix="$"
                  min={0}
                  max={k === 'per_1000_impressions' ? MAX_EMV_PER_1000_IMPRESSIONS : MAX_EMV_PER_ENGAGEMENT}
                  decimalScale={4}
                  step={k === 'per_1000_impressions' ? 1 : 0.01}
                  clampBehavior="none"
                  allowNegative={false}
                  value={draft[platform][k]}
                  onChange={(value) =>
                    setDraft((d) => (d ? { ...d, [platform]: { ...d[platform], [k]: value } } : d))
                  }
                  error={errors[`rates.${platform}.${k}`]}
                />
              ))}
            </SimpleGrid>
            <Group gap="sm">
              <Button type="submit" loading={update.isPending}>
                Save EMV values
              </Button>
              {settings.data?.customised && (
                <Button
                  variant="default"
                  loading={update.isPending}
                  onClick={() =>
                    update.mutate(null, {
                      onSuccess: () => {
                        setErrors({});
                        toast.success('EMV values back to the REACH defaults.');
                      },
                      onError: (error) => toast.error(errorMessage(error)),
                    })
                  }
                >
                  Use REACH defaults
                </Button>
              )}
            </Group>
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                The formula with these values
              </Text>
              <Code block style={{ whiteSpace: 'pre-wrap' }}>
                {settings.data?.formula}
              </Code>
            </Stack>
          </Stack>
        </form>
      )}
    </Section>
  );
}
