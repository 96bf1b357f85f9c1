import { Slider, Stack, Text } from '@mantine/core';
import { ACCURACY_STEPS } from '@reach/contract/constants';
import type { Accuracy } from '../utils/search-filters';

/** The accuracy slider of spec §9 (25, 50, 75, 100 %): how much of the audience must match the filter. */
export function AccuracySlider({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: Accuracy;
  onChange: (value: Accuracy) => void;
  disabled?: boolean;
}) {
  return (
    <Stack gap={4} pb="md">
      <Text size="xs" c="dimmed">
        Accuracy: at least {value}% of the audience
      </Text>
      <Slider
        min={ACCURACY_STEPS[0]}
        max={ACCURACY_STEPS[ACCURACY_STEPS.length - 1]}
        step={25}
        restrictToMarks
        marks={ACCURACY_STEPS.map((step) => ({ value: step, label: `${step}%` }))}
        value={value}
        onChange={(v) => onChange(v as Accuracy)}
        label={(v) => `${v}%`}
        disabled={disabled}
        thumbLabel={`${label} accuracy`}
        size="sm"
      />
    </Stack>
  );
}
