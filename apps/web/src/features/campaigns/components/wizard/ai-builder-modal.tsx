import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Progress,
  ScrollArea,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { AI_TONES, type AiDraft, type AiDraftBody, type AiProvider } from '@reach/contract/campaign-ai';
import { MAX_CAMPAIGN_INTERESTS } from '@reach/contract/constants';
import { IconAlertCircle, IconArrowLeft, IconRefresh, IconSparkles } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../../lib/api-error';
import { useGenerateAiDraft } from '../../api/generate-ai-draft';
import { useAiProvider } from '../../api/get-ai-provider';

const TONES = AI_TONES.map((tone) => ({ value: tone, label: `${tone[0]!.toUpperCase()}${tone.slice(1)}` }));
/**
 * How long the configured writer usually takes (GET /campaigns/ai/provider: an AI model 5–10 s, spec §9; the
 * built-in writer about a second): the bar fills over about that long, then waits at 95 %; the text says it.
 */
function expectedMs(typical: AiProvider['typical_seconds'] | undefined): number {
  return typical ? Math.max(1000, ((typical.min + typical.max) / 2) * 1000 + 500) : 8000;
}

function waitingText(provider: AiProvider | undefined): string {
  if (!provider) return 'Drafting usually takes a few seconds.';
  const { min, max } = provider.typical_seconds;
  return provider.source === 'embedded'
    ? `The built-in writer drafts in about ${max} second${max === 1 ? '' : 's'}.`
    : `The AI model usually takes ${min}–${max} seconds.`;
}

type Phase = { name: 'brief' } | { name: 'working' } | { name: 'preview'; draft: AiDraft };
type Brief = { product: string; audience: string; goal: string; tone: string };

/**
 * The AI campaign builder: a short brief (product, audience, goal, tone) → POST /campaigns/ai/draft with
 * progress → a preview → "Use this draft" hands it to the details step. Nothing is saved here.
 */
export function AiBuilderModal({
  opened,
  onClose,
  typeId,
  onUse,
  replacesText,
}: {
  opened: boolean;
  onClose: () => void;
  typeId: number | null;
  onUse: (draft: AiDraft) => void;
  /** Whether the details step already has text the draft would replace (the preview says so). */
  replacesText: boolean;
}) {
  const generate = useGenerateAiDraft();
  const provider = useAiProvider(opened).data;
  const [brief, setBrief] = useState<Brief>({ product: '', audience: '', goal: '', tone: AI_TONES[0] });
  const [phase, setPhase] = useState<Phase>({ name: 'brief' });
  const [failure, setFailure] = useState<string | null>(null);
  const [productError, setProductError] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    if (phase.name !== 'working') return;
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Date.now() - started), 200);
    return () => clearInterval(timer);
  }, [phase.name]);

  const cancel = () => {
    controller.current?.abort();
    controller.current = null;
  };

  const close = () => {
    cancel();
    if (phase.name === 'working') setPhase({ name: 'brief' });
    onClose();
  };

  const run = async () => {
    if (!brief.product.trim()) {
      setProductError('Describe your product or service in a few words.');
      return;
    }
    setProductError(null);
    setFailure(null);
    setElapsed(0);
    setPhase({ name: 'working' });
    cancel();
    const abort = new AbortController();
    controller.current = abort;
    try {
      const body: AiDraftBody = {
        type_id: typeId ?? undefined,
        product: brief.product.trim(),
        audience: brief.audience.trim() || undefined,
        goal: brief.goal.trim() || undefined,
        tone: brief.tone || undefined,
      };
      const draft = await generate.mutateAsync({ brief: body, signal: abort.signal });
      if (abort.signal.aborted) return;
      setPhase({ name: 'preview', draft });
    } catch (error) {
      if (abort.signal.aborted) {
        setPhase({ name: 'brief' });
        return;
      }
      setFailure(
        error instanceof ApiError && error.status === 404
          ? 'The AI campaign builder is not available yet. Please write the details yourself for now.'
          : errorMessage(error),
      );
      setPhase({ name: 'brief' });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  };

  const progress = Math.min(95, Math.round((elapsed / expectedMs(provider?.typical_seconds)) * 95));

  return (
    <Modal
      opened={opened}
      onClose={close}
      size="lg"
      title={
        <Group gap="xs">
          <IconSparkles size={20} aria-hidden color="var(--mantine-color-reach-6)" />
          <Text fw={700}>AI campaign builder</Text>
        </Group>
      }
    >
      {phase.name === 'brief' && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void run();
          }}
          noValidate
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Tell us about your product in a few words. We draft the title, description, brand overview,
              objectives, talking points, post requirements and interests — you review and edit everything
              before saving.
            </Text>
            {failure && (
              <Alert
                color="red"
                variant="light"
                role="alert"
                icon={<IconAlertCircle size={18} aria-hidden />}
              >
                {failure}
              </Alert>
            )}
            <Stack gap="md" data-tour="ai-brief">
              <Textarea
                label="Product"
                required
                description="What are you promoting?"
                placeholder="e.g. Solstice SPF 50, a reef-safe mineral sunscreen for everyday wear"
                autosize
                minRows={2}
                maxRows={5}
                value={brief.product}
                onChange={(event) => setBrief({ ...brief, product: event.currentTarget.value })}
                error={productError}
                data-autofocus
              />
              <TextInput
                label="Audience"
                description="Who should the posts reach?"
                placeholder="e.g. outdoorsy women 25–40 in California"
                value={brief.audience}
                onChange={(event) => setBrief({ ...brief, audience: event.currentTarget.value })}
              />
              <TextInput
                label="Goal"
                description="What should the campaign achieve?"
                placeholder="e.g. launch awareness and first 1,000 sales"
                value={brief.goal}
                onChange={(event) => setBrief({ ...brief, goal: event.currentTarget.value })}
              />
            </Stack>
            <Select
              label="Tone"
              data={TONES}
              value={brief.tone}
              onChange={(tone) => setBrief({ ...brief, tone: tone ?? AI_TONES[0] })}
              allowDeselect={false}
              data-tour="ai-tone"
              comboboxProps={{ withinPortal: true }}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                type="submit"
                leftSection={<IconSparkles size={18} aria-hidden />}
                data-tour="ai-generate"
              >
                Draft my campaign
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      {phase.name === 'working' && (
        <Stack gap="md" py="md" role="status" aria-live="polite">
          <Text fw={600}>Drafting your campaign…</Text>
          <Progress value={progress} animated size="lg" aria-label="Drafting progress" />
          <Text size="sm" c="dimmed">
            {waitingText(provider)} {Math.floor(elapsed / 1000)} s so far.
          </Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                cancel();
                setPhase({ name: 'brief' });
              }}
            >
              Stop
            </Button>
          </Group>
        </Stack>
      )}

      {phase.name === 'preview' && (
        <Stack gap="md">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              Here is your draft. Use it to fill the details step, then edit anything you like.
            </Text>
            <Badge variant="light" color={phase.draft.source === 'ai' ? 'grape' : 'gray'}>
              {phase.draft.source === 'ai' ? 'Written by AI' : 'Written by REACH'}
            </Badge>
          </Group>
          <ScrollArea.Autosize mah="50vh" type="auto" offsetScrollbars>
            <Stack gap="sm" aria-label="Draft preview">
              <Title order={3} fz="lg">
                {phase.draft.title}
              </Title>
              <DraftSection label="Description" text={phase.draft.description} />
              <DraftSection label="Brand overview" text={phase.draft.brand_overview} />
              <DraftSection label="Objectives" text={phase.draft.objectives} />
              <DraftSection label="Talking points" text={phase.draft.talking_points} />
              <DraftSection label="Post requirements" text={phase.draft.post_requirements} />
              {phase.draft.interests.length > 0 && (
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    Interests:
                  </Text>
                  {phase.draft.interests.slice(0, MAX_CAMPAIGN_INTERESTS).map((interest) => (
                    <Badge key={interest.id} variant="light">
                      {interest.name}
                    </Badge>
                  ))}
                </Group>
              )}
            </Stack>
          </ScrollArea.Autosize>
          {replacesText && (
            <Alert color="yellow" variant="light" p="xs">
              <Text size="sm">
                Using this draft replaces the title and texts you have written on this step.
              </Text>
            </Alert>
          )}
          <Group justify="space-between" gap="sm">
            <Group gap="xs">
              <Button
                variant="subtle"
                leftSection={<IconArrowLeft size={16} aria-hidden />}
                onClick={() => setPhase({ name: 'brief' })}
              >
                Edit brief
              </Button>
              <Button
                variant="subtle"
                leftSection={<IconRefresh size={16} aria-hidden />}
                onClick={() => void run()}
              >
                Try again
              </Button>
            </Group>
            <Button
              onClick={() => {
                onUse(phase.draft);
                setPhase({ name: 'brief' });
              }}
            >
              Use this draft
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function DraftSection({ label, text }: { label: string; text: string }) {
  if (!text) return null;
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {text}
      </Text>
    </div>
  );
}
