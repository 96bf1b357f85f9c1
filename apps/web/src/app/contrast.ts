import { darken, type MantineColorsTuple } from '@mantine/core';

/**
 * The contrast rules the theme's palette was derived with (theme.ts keeps their result: theme.test.ts derives it
 * again from Mantine's colours and compares).
 */

/** WCAG 2.2 AA: normal-size text needs a contrast ratio of 4.5:1 against its background (SC 1.4.3). */
export const AA_TEXT = 4.5;

function relativeLuminance(hex: string): number {
  const value = hex.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((at) => {
    const c = Number.parseInt(value.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The colour darkened in small steps until it reaches `ratio` against every background (unchanged if it does). */
export function darkenUntil(color: string, backgrounds: string[], ratio = AA_TEXT): string {
  let result = color;
  for (let step = 1; step <= 100 && backgrounds.some((bg) => contrastRatio(result, bg) < ratio); step++) {
    result = toHex(darken(color, step * 0.01));
  }
  return result;
}

function toHex(color: string): string {
  if (color.startsWith('#')) return color;
  const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return `#${[r, g, b]
    .map((c) =>
      Math.round(c ?? 0)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The page's light greys (body, cards, the main area, table stripes, the brand's lightest tint under selections: reach 0). */
export const SURFACES = ['#ffffff', '#f8f9fa', '#f1f3f5', '#eef0ff'];

/**
 * Mantine's palette with the shades that carry text made dark enough for AA, so every component reading the
 * theme passes without per-page colours: shade 6 is the filled background under white text and the colour of
 * `c="teal"` text, shades 7 and 8 are text on the page's greys, shade 9 is the light variant's text on shade 1
 * (badges, avatar initials, alerts). Shades 0–5 (backgrounds, borders) keep their look; each darkened shade
 * stays at least as dark as the one before it. Gray 6 is `dimmed` text.
 */
export function accessibleTuple(colors: readonly string[]): MantineColorsTuple {
  const shades = [...colors];
  const dark = (color: string, previous: string) =>
    relativeLuminance(color) <= relativeLuminance(previous) ? color : darken(previous, 0.08);
  shades[6] = darkenUntil(colors[6]!, [...SURFACES, '#ffffff']);
  shades[7] = toHex(dark(darkenUntil(colors[7]!, SURFACES), shades[6]!));
  shades[8] = toHex(dark(darkenUntil(colors[8]!, SURFACES), shades[7]!));
  shades[9] = toHex(dark(darkenUntil(colors[9]!, [colors[1]!, colors[0]!, ...SURFACES]), shades[8]!));
  return shades as unknown as MantineColorsTuple;
}
