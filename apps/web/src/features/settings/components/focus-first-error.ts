/** After a failed submit, moves the focus to the first invalid input in page order (ids from `fieldId`). */
export function focusFirstError<K extends string>(
  errors: Record<string, unknown>,
  fieldId: (key: K) => string,
) {
  const inputs = Object.keys(errors)
    .filter((key) => errors[key])
    .map((key) => document.getElementById(fieldId(key as K)))
    .filter((input): input is HTMLElement => input !== null)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const first = inputs[0];
  first?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  first?.focus({ preventScroll: true });
}
