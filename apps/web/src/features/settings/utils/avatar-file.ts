import { AVATAR_MAX_BYTES, type AVATAR_TYPES } from '@reach/contract/profile';

export type AvatarType = (typeof AVATAR_TYPES)[number];

export const AVATAR_TYPE_MESSAGE = 'The avatar must be a JPEG or PNG image.';
export const AVATAR_SIZE_MESSAGE = `The avatar must be at most ${AVATAR_MAX_BYTES / (1024 * 1024)} MB.`;

/** The image type the first bytes of a file show (PNG or JPEG signature), whatever its name says. */
export function sniffImageType(head: Uint8Array): AvatarType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((byte, i) => head[i] === byte)) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  return null;
}

/**
 * Checks a chosen file before uploading it, like the server does: JPEG or PNG by content (not by name) and at
 * most 2 MB. Returns the message to show, or null when the file may be uploaded.
 */
export async function checkAvatarFile(file: Blob): Promise<string | null> {
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_SIZE_MESSAGE;
  if (file.size === 0) return AVATAR_TYPE_MESSAGE;
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return sniffImageType(head) ? null : AVATAR_TYPE_MESSAGE;
}
