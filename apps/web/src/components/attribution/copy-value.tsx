import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A value in a code box that wraps, with a copy button that says it copied (`label` names it for screen readers). */
export function CopyValue({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="center" style={{ minWidth: 0 }}>
      <Code block={false} style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', padding: '6px 8px' }}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : `Copy ${label}`} withArrow>
            <ActionIcon
              variant="light"
              color={copied ? 'teal' : undefined}
              onClick={copy}
              aria-label={copied ? 'Copied' : `Copy ${label}`}
            >
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
