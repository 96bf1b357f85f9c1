import { Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { MetricsSource } from '@reach/contract/posts';
import { formatDateTime } from '../lib/format';
import { timeAgo } from '../lib/time-ago';

/**
 * Where a post's figures come from and how old they are, next to every metric REACH shows (issue 14): a small
 * "estimated · 3 days ago" or "measured · 2 hours ago". The method ("Measured by the Instagram Graph API …",
 * "Estimated from the creator's followers …") and the exact time are in a tooltip that opens on hover, focus
 * (the text is in the tab order) and touch, and are read by screen readers with the text itself.
 */
export function MetricProvenance({
  source,
  method,
  asOf,
  now,
}: {
  source: MetricsSource;
  method: string;
  asOf: string;
  /** The time "ago" is counted from (tests); now by default. */
  now?: number;
}) {
  const ago = timeAgo(asOf, now);
  const detail = `${method}. As of ${formatDateTime(asOf)}.`;
  return (
    <Tooltip label={detail} multiline w={300} events={{ hover: true, focus: true, touch: true }}>
      <Text
        component="span"
        size="xs"
        c="dimmed"
        tabIndex={0}
        data-testid="metric-provenance"
        data-source={source}
        style={{ cursor: 'help', textDecoration: 'underline dotted', textUnderlineOffset: 3 }}
      >
        {source} · {ago}
        <VisuallyHidden>: {detail}</VisuallyHidden>
      </Text>
    </Tooltip>
  );
}

/**
 * The provenance of figures summed over several posts (a campaign's reach, a dashboard's engagements): how many
 * posts' figures were measured and how many estimated, and the age of the oldest, e.g.
 * "2 measured, 3 estimated · oldest 3 days ago".
 */
export function MetricProvenanceSummary({
  measured,
  estimated,
  oldestAsOf,
  now,
}: {
  measured: number;
  estimated: number;
  oldestAsOf: string | null;
  now?: number;
}) {
  if (measured + estimated === 0 || !oldestAsOf) return null;
  const parts = [
    measured > 0 ? `${measured} measured` : null,
    estimated > 0 ? `${estimated} estimated` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const posts = (n: number) => `${n} ${n === 1 ? 'post' : 'posts'}`;
  const detail = [
    measured > 0 ? `${posts(measured)} measured from the platform's API` : null,
    estimated > 0 ? `${posts(estimated)} estimated by REACH (no platform data)` : null,
  ]
    .filter(Boolean)
    .join('; ');
  const full = `${detail}. Oldest figures as of ${formatDateTime(oldestAsOf)}.`;
  return (
    <Tooltip label={full} multiline w={300} events={{ hover: true, focus: true, touch: true }}>
      <Text
        component="span"
        size="xs"
        c="dimmed"
        tabIndex={0}
        data-testid="metric-provenance"
        style={{ cursor: 'help', textDecoration: 'underline dotted', textUnderlineOffset: 3 }}
      >
        {parts} · oldest {timeAgo(oldestAsOf, now)}
        <VisuallyHidden>: {full}</VisuallyHidden>
      </Text>
    </Tooltip>
  );
}
