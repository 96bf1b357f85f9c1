import {
  CAMPAIGN_IMAGE_MAX_BYTES,
  CAMPAIGN_MEDIA_TYPES,
  CAMPAIGN_VIDEO_MAX_BYTES,
} from '@reach/contract/constants';
import { API_MESSAGE } from '@reach/contract/messages';
import { MAX_POST_MEDIA } from '@reach/contract/posts';

/** What the post form's Dropzone accepts (spec §9: JPEG, PNG, MP4). */
export const POST_MEDIA_ACCEPT: Record<string, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'video/mp4': ['.mp4'],
};

const MB = 1024 * 1024;

/** Why a file cannot be sent with a post (its declared type, then its size), or null. The API checks again. */
export function checkPostFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(CAMPAIGN_MEDIA_TYPES as readonly string[]).includes(file.type)) return API_MESSAGE.postMediaType;
  const limit = file.type === 'video/mp4' ? CAMPAIGN_VIDEO_MAX_BYTES : CAMPAIGN_IMAGE_MAX_BYTES;
  return file.size > limit
    ? `${file.type === 'video/mp4' ? 'A video' : 'An image'} can be at most ${limit / MB} MB.`
    : null;
}

/** Splits chosen files into those that fit (valid, within the 5 with those already chosen) and the problems. */
export function pickPostFiles<T extends Pick<File, 'type' | 'size' | 'name'>>(
  files: readonly T[],
  alreadyChosen: number,
): { accepted: T[]; problems: string[] } {
  const accepted: T[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const problem = checkPostFile(file);
    if (problem) problems.push(`${file.name}: ${problem}`);
    else if (alreadyChosen + accepted.length >= MAX_POST_MEDIA)
      problems.push(`${file.name}: ${API_MESSAGE.postTooManyMedia}`);
    else accepted.push(file);
  }
  return { accepted, problems };
}
