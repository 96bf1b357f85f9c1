import type { FormErrors } from '@mantine/form';
import { ApiError, errorMessage } from './api-error';

/**
 * Puts an API error on a form: its `fields` under the matching inputs, and returns the sentence to show above
 * the form (the API's `message`).
 */
export function applyApiError(form: { setErrors: (errors: FormErrors) => void }, error: unknown): string {
  if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
  return errorMessage(error);
}
