import {
  CAMPAIGN_IMAGE_MAX_BYTES,
  CAMPAIGN_MEDIA_TYPES,
  CAMPAIGN_VIDEO_MAX_BYTES,
  MAX_CAMPAIGN_MEDIA,
} from '@reach/contract/constants';
import { API_MESSAGE } from '@reach/contract/messages';

/** What the Dropzone accepts (spec §9: JPEG, PNG, MP4). */
export const MEDIA_ACCEPT: Record<string, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'video/mp4': ['.mp4'],
};

export function isVideo(mime: string): boolean {
  return mime === 'video/mp4';
}

/**
 * Checks a file before it is sent, with the API's own messages: its declared type and its size (10 MB for
 * images, 100 MB for videos). The API checks the bytes again; this only saves a pointless upload.
 */
export function checkMediaFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(CAMPAIGN_MEDIA_TYPES as readonly string[]).includes(file.type)) return API_MESSAGE.campaignMediaType;
  if (isVideo(file.type)) {
    return file.size > CAMPAIGN_VIDEO_MAX_BYTES ? API_MESSAGE.campaignVideoTooLarge : null;
  }
  return file.size > CAMPAIGN_IMAGE_MAX_BYTES ? API_MESSAGE.campaignImageTooLarge : null;
}

/**
 * Splits chosen files into those that may be uploaded (valid, and within the slots left of the 5) and the
 * problems to show for the rest.
 */
export function pickMediaFiles<T extends Pick<File, 'type' | 'size' | 'name'>>(
  files: readonly T[],
  alreadyThere: number,
): { accepted: T[]; problems: string[] } {
  const accepted: T[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const problem = checkMediaFile(file);
    if (problem) problems.push(`${file.name}: ${problem}`);
    else if (alreadyThere + accepted.length >= MAX_CAMPAIGN_MEDIA)
      problems.push(`${file.name}: ${API_MESSAGE.campaignTooManyMedia}`);
    else accepted.push(file);
  }
  return { accepted, problems };
}

/** "2.4 MB", "830 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
