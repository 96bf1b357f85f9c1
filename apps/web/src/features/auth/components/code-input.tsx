import { Input, PinInput } from '@mantine/core';
import type { ReactNode } from 'react';

const CODE_LENGTH = 6;

/** The 6-digit code mailed for confirmation and password reset; pasting the whole code fills every box. */
export function CodeInput({
  value,
  onChange,
  error,
  label = 'Confirmation code',
}: {
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  label?: string;
}) {
  return (
    <Input.Wrapper label={label} error={error} labelElement="div">
      <PinInput
        length={CODE_LENGTH}
        type="number"
        oneTimeCode
        value={value}
        onChange={onChange}
        error={!!error}
        aria-label={label}
        getInputProps={(index) => ({ 'aria-label': `Digit ${index + 1} of ${CODE_LENGTH}` })}
        mt={4}
      />
    </Input.Wrapper>
  );
}
