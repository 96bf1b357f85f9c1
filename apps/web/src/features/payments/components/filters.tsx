import '@mantine/dates/styles.css';
import { Select } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { DATE_FORMAT } from '@reach/contract/constants';
import { IconCalendar } from '@tabler/icons-react';

/** A range of days (YYYY-MM-DD) for the `from` / `to` filters of the payments lists. */
export type DayRange = [string | null, string | null];

export function DateRangeFilter({
  value,
  onChange,
}: {
  value: DayRange;
  onChange: (range: DayRange) => void;
}) {
  return (
    <DatePickerInput
      type="range"
      label="Dates"
      placeholder={`${DATE_FORMAT} – ${DATE_FORMAT}`}
      valueFormat={DATE_FORMAT}
      leftSection={<IconCalendar size={16} aria-hidden />}
      clearable
      allowSingleDateInRange
      value={value as DatesRangeValue<string>}
      onChange={(range) => {
        const [from, to] = range as DayRange;
        // Wait for both ends, but let "clear" through at once.
        if ((from && to) || (!from && !to)) onChange([from, to]);
      }}
      popoverProps={{ withinPortal: true }}
      w={{ base: '100%', sm: 260 }}
    />
  );
}

/** A filter select whose first option, "All", means no filter. */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V | null;
  options: { value: V; label: string }[];
  onChange: (value: V | null) => void;
}) {
  return (
    <Select
      label={label}
      data={[{ value: 'all', label: 'All' }, ...options]}
      value={value ?? 'all'}
      onChange={(v) => onChange(v === 'all' || v === null ? null : (v as V))}
      allowDeselect={false}
      w={{ base: '100%', sm: 180 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
