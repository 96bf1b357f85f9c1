import { readFileSync } from 'node:fs';
import { DEFAULT_EMV_RATES, emvFormula } from '@reach/contract/reports';
import { expect, it } from 'vitest';

/** The README publishes the EMV formula with the defaults: the text the reports show, word for word. */
it('README shows the EMV formula the reports use', () => {
  const readme = readFileSync(new URL('../../../../../README.md', import.meta.url), 'utf8');
  expect(readme).toContain(emvFormula(DEFAULT_EMV_RATES));
});
