import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { AA_TEXT, accessibleTuple, contrastRatio, darkenUntil, SURFACES } from './contrast';
import { theme } from './theme';

/** The text-bearing shades of the theme's palette reach WCAG AA (4.5:1) where the components put them. */

describe('theme contrast (WCAG 2.2 AA, issue 13)', () => {
  const colors = Object.entries(theme.colors ?? {});

  it('covers every Mantine colour but dark, and the brand', () => {
    const names = colors.map(([name]) => name);
    for (const name of Object.keys(DEFAULT_THEME.colors).filter((n) => n !== 'dark'))
      expect(names).toContain(name);
    expect(names).toContain('reach');
  });

  it('is accessibleTuple of each Mantine colour, as theme.ts writes it out', () => {
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors).filter(([n]) => n !== 'dark'))
      expect(theme.colors?.[name], name).toEqual(accessibleTuple(shades));
  });

  it("its surfaces include the brand colour's lightest shade", () => {
    expect(SURFACES).toContain(theme.colors?.reach?.[0]);
  });

  it.each(colors)(
    '%s: white on the filled shade, text shades on the page greys, the light variant',
    (_, shades) => {
      expect(contrastRatio('#ffffff', shades![6])).toBeGreaterThanOrEqual(AA_TEXT);
      for (const bg of SURFACES) {
        for (const shade of [6, 7, 8, 9])
          expect(contrastRatio(shades![shade]!, bg)).toBeGreaterThanOrEqual(AA_TEXT);
      }
      expect(contrastRatio(shades![9], shades![1])).toBeGreaterThanOrEqual(AA_TEXT);
    },
  );

  it('dimmed text (gray 6) was 3.32:1 on white and is now AA', () => {
    expect(contrastRatio(DEFAULT_THEME.colors.gray[6], '#ffffff')).toBeCloseTo(3.32, 2);
    expect(contrastRatio(theme.colors!.gray![6], '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('darkenUntil leaves a colour that passes as it is and darkens one that does not', () => {
    expect(darkenUntil('#212529', ['#ffffff'])).toBe('#212529');
    const darker = darkenUntil('#40c057', ['#ffffff']);
    expect(darker).not.toBe('#40c057');
    expect(contrastRatio(darker, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
