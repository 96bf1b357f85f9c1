import crypto from 'node:crypto';

const COLORS = ['#1c7ed6', '#0ca678', '#f76707', '#ae3ec9', '#e64980', '#1098ad', '#5c940d', '#d6336c'];

/** A round avatar with the initials of `name`, its colour chosen by `seed` (stable per profile). */
export function avatarSvg(name: string, seed: string): string {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?';
  const color = COLORS[crypto.createHash('sha1').update(seed).digest()[0]! % COLORS.length];
  const safe = initials.replace(/[<>&"']/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="150" height="150" viewBox="0 0 150 150"><rect width="150" height="150" rx="75" fill="${color}"/><text x="75" y="75" dy=".35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="56" font-weight="600" fill="#fff">${safe}</text></svg>`;
}
