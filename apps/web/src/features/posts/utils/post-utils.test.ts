import { describe, expect, it } from 'vitest';
import { readPostParams, tabStatus, writePostParams } from './list-params';
import { checkPostFile, pickPostFiles } from './post-media';

describe('post list params', () => {
  it('defaults to the posts to review and ignores junk', () => {
    expect(readPostParams(new URLSearchParams('tab=maybe&sortBy=x&items=7&page=-2&campaign=abc'))).toEqual({
      tab: 'submitted',
      campaign: null,
      influencer: null,
      sortBy: 'submitted_at',
      sortDesc: 'asc',
      page: 1,
      items: 10,
    });
    expect(
      readPostParams(
        new URLSearchParams('tab=all&campaign=4&influencer=9&sortBy=campaign&sortDesc=desc&page=3&items=25'),
      ),
    ).toEqual({
      tab: 'all',
      campaign: 4,
      influencer: 9,
      sortBy: 'campaign',
      sortDesc: 'desc',
      page: 3,
      items: 25,
    });
  });

  it('leaves defaults out of the URL and goes back to page 1 on any other change', () => {
    const start = new URLSearchParams('tab=approved&page=4&campaign=2');
    expect(writePostParams(start, { page: 5 }).toString()).toBe('tab=approved&page=5&campaign=2');
    expect(writePostParams(start, { tab: 'submitted' }).toString()).toBe('campaign=2');
    expect(writePostParams(start, { campaign: null, influencer: 7 }).toString()).toBe(
      'tab=approved&influencer=7',
    );
  });

  it('sends no status for the "all" tab', () => {
    expect(tabStatus('all')).toBeUndefined();
    expect(tabStatus('rejected')).toBe('rejected');
  });
});

describe('post media', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });

  it('accepts JPEG, PNG and MP4 within their sizes', () => {
    expect(checkPostFile(file('a.jpg', 'image/jpeg'))).toBeNull();
    expect(checkPostFile(file('a.mp4', 'video/mp4', 50 * 1024 * 1024))).toBeNull();
    expect(checkPostFile(file('a.gif', 'image/gif'))).toBe(
      'Post media must be a JPEG or PNG image or an MP4 video.',
    );
    expect(checkPostFile(file('a.png', 'image/png', 11 * 1024 * 1024))).toBe(
      'An image can be at most 10 MB.',
    );
    expect(checkPostFile(file('a.mp4', 'video/mp4', 101 * 1024 * 1024))).toBe(
      'A video can be at most 100 MB.',
    );
  });

  it('keeps to 5 files with those already chosen', () => {
    const files = [file('1.png', 'image/png'), file('2.gif', 'image/gif'), file('3.png', 'image/png')];
    const { accepted, problems } = pickPostFiles(files, 4);
    expect(accepted.map((f) => f.name)).toEqual(['1.png']);
    expect(problems).toEqual([
      '2.gif: Post media must be a JPEG or PNG image or an MP4 video.',
      '3.png: A post can have at most 5 media files.',
    ]);
  });
});
