import { NumberInput, type NumberInputProps } from '@mantine/core';
import { MONEY_INPUT_PRECISION } from '@reach/contract/constants';

/** A dollar amount: $ prefix, thousands commas, up to 4 decimals (spec §9), never negative. */
export function MoneyInput(props: NumberInputProps) {
  return (
    <NumberInput
      prefix="$"
      thousandSeparator=","
      decimalScale={MONEY_INPUT_PRECISION}
      allowNegative={false}
      min={0}
      hideControls
      inputMode="decimal"
      placeholder="$0.00"
      {...props}
    />
  );
}
