import {
  Badge,
  CloseButton,
  Combobox,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Platform } from '@reach/contract/constants';
import type { DiscoveryLocation } from '@reach/contract/discovery';
import { IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocations } from '../api/get-dictionaries';

/**
 * Location typeahead (spec §5 "location confirmed with Enter then picked from a list"): typing suggests places
 * (debounced), Enter confirms the text at once, and a place is then picked from the list. Picked places show as
 * removable pills.
 */
export function LocationPicker({
  label,
  platform,
  picked,
  onPick,
  onRemove,
  max,
  emptyLabel,
  tour,
}: {
  label: string;
  platform: Platform;
  picked: { id: number; name: string }[];
  onPick: (location: DiscoveryLocation) => void;
  onRemove: (id: number) => void;
  max: number;
  /** What no pick means, e.g. "Anywhere". */
  emptyLabel?: string;
  tour?: string;
}) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const query = confirmed ?? (debounced.length >= 2 ? debounced : null);
  const locations = useLocations(query, platform);
  const options = (locations.data ?? []).filter((l) => !picked.some((p) => p.id === l.id));
  const full = picked.length >= max;

  return (
    <Stack gap={6} data-tour={tour}>
      <Combobox
        store={combobox}
        onOptionSubmit={(value) => {
          const location = options.find((l) => String(l.id) === value);
          if (location) onPick(location);
          setText('');
          setConfirmed(null);
          combobox.closeDropdown();
        }}
      >
        <Combobox.Target>
          <TextInput
            label={label}
            description="Type a place, press Enter, then pick it from the list."
            placeholder={full ? `At most ${max} places` : 'e.g. Austin'}
            leftSection={<IconMapPin size={16} aria-hidden />}
            rightSection={locations.isFetching ? <Loader size={14} /> : null}
            value={text}
            disabled={full}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setConfirmed(null);
              combobox.openDropdown();
            }}
            onFocus={() => text && combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && combobox.getSelectedOptionIndex() === -1) {
                event.preventDefault();
                if (text.trim()) {
                  setConfirmed(text.trim());
                  combobox.openDropdown();
                }
              }
            }}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={query === null}>
          <Combobox.Options aria-label={`${label} matches`}>
            {options.map((location) => (
              <Combobox.Option key={location.id} value={String(location.id)}>
                <Text size="sm">{location.title}</Text>
                <Text size="xs" c="dimmed" tt="capitalize">
                  {location.type}
                </Text>
              </Combobox.Option>
            ))}
            {!locations.isFetching && locations.data && options.length === 0 && (
              <Combobox.Empty>No place matches “{query}”</Combobox.Empty>
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {picked.length > 0 && (
        <Group gap={6}>
          {picked.map((location) => (
            // Mantine's Pill hides its remove button from assistive technology; this one is a labelled button.
            <Badge
              key={location.id}
              variant="light"
              color="gray"
              size="lg"
              radius="xl"
              tt="none"
              fw={500}
              pr={4}
              rightSection={
                <CloseButton
                  size="xs"
                  radius="xl"
                  aria-label={`Remove ${location.name}`}
                  onClick={() => onRemove(location.id)}
                />
              }
            >
              {location.name}
            </Badge>
          ))}
        </Group>
      )}
      {picked.length === 0 && emptyLabel && (
        <Text size="xs" c="dimmed">
          {emptyLabel}
        </Text>
      )}
    </Stack>
  );
}
