import { Badge, Button, CloseButton, Drawer, Group, Pill, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MOBILE_QUERY } from '../lib/media';

/** One active filter, shown as a removable chip on a phone. */
export type ActiveFilter = { key: string; label: string; onRemove: () => void };

type ResponsiveFiltersProps = {
  /** The filter controls, as laid out inline on a wide screen. */
  children: ReactNode;
  /** The filters in force (not the defaults): the count on the button and the chips under it. */
  active: ActiveFilter[];
  /** The drawer's title (and the button's accessible name prefix). */
  title?: string;
};

/**
 * A list's filters that put the results first on a phone (issue 13): inline on a wide screen; at the mobile
 * width a 'Filters' button with the number of active filters opens them in a drawer, and the active filters
 * show as removable chips, so the first result is on the first screen.
 */
export function ResponsiveFilters({ children, active, title = 'Filters' }: ResponsiveFiltersProps) {
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const [opened, drawer] = useDisclosure(false);

  if (!isMobile) return <>{children}</>;
  return (
    <>
      <Group gap="xs" wrap="wrap" data-testid="active-filters">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          rightSection={
            active.length > 0 ? (
              <Badge size="sm" circle>
                {active.length}
              </Badge>
            ) : undefined
          }
          aria-expanded={opened}
          onClick={drawer.open}
        >
          {title}
        </Button>
        {active.map((filter) => (
          <Pill key={filter.key} size="lg" withRemoveButton={false} maw="100%">
            <Group gap={4} wrap="nowrap">
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{filter.label}</span>
              <CloseButton size="xs" aria-label={`Remove filter ${filter.label}`} onClick={filter.onRemove} />
            </Group>
          </Pill>
        ))}
      </Group>
      <Drawer opened={opened} onClose={drawer.close} title={title} position="bottom" size="auto">
        <Stack gap="md" pb="md">
          {children}
          <Button onClick={drawer.close} fullWidth>
            Show results
          </Button>
        </Stack>
      </Drawer>
    </>
  );
}
