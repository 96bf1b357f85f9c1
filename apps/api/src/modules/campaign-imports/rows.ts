import { INSTAGRAM_USERNAME_PATTERN } from '@reach/contract/campaign-imports';
import { API_MESSAGE } from '@reach/contract/messages';
import { z } from 'zod';

/** One row of an import as the business gave it (trimmed; either may be missing). */
export type RawImportRow = { instagram_username: string | null; email: string | null };

export type CheckedRow =
  | { ok: true; instagram_username: string | null; email: string | null }
  | { ok: false; reason: string };

/** Longest raw value kept per cell: enough for any valid value, and the failure list shows what was sent. */
export const RAW_VALUE_MAX_LENGTH = 320;

const email = z.email();

/** "@Bella.Glows", "instagram.com/bella.glows/" and "bella.glows" are the same account: bella.glows. */
export function normalizeUsername(raw: string | null): string | null {
  const value = raw?.trim();
  if (!value) return null;
  const fromUrl = value.match(/^(?:https?:\/\/)?(?:www\.)?instagram\.com\/([^/?#\s]+)\/?(?:[?#].*)?$/i)?.[1];
  return (fromUrl ?? value).replace(/^@/, '').toLowerCase();
}

/**
 * Whether a row can be invited, and the normalised username (lowercase, without @) and email (lowercase).
 * A row needs a valid username and/or a valid email; a value that is present but invalid fails the whole
 * row, so a typo is reported instead of silently inviting by the other value.
 */
export function checkRow(row: RawImportRow): CheckedRow {
  const username = normalizeUsername(row.instagram_username);
  const address = row.email?.trim().toLowerCase() || null;
  if (!username && !address) return { ok: false, reason: API_MESSAGE.importRowEmpty };
  if (username && !INSTAGRAM_USERNAME_PATTERN.test(username))
    return { ok: false, reason: API_MESSAGE.importRowBadUsername };
  if (address && (address.length > 254 || !email.safeParse(address).success))
    return { ok: false, reason: API_MESSAGE.importRowBadEmail };
  return { ok: true, instagram_username: username, email: address };
}

/** What the failure list shows for a row: its username and/or email as given. */
export function rowValue(row: RawImportRow): string {
  return [row.instagram_username, row.email].filter((v) => v?.trim()).join(' / ');
}
