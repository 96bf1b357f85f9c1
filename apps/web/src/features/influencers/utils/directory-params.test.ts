import { describe, expect, it } from 'vitest';
import {
  directoryQuery,
  locationProblem,
  readDirectoryParams,
  writeDirectoryParams,
} from './directory-params';

describe('directory params', () => {
  it('reads filters defensively', () => {
    const p = readDirectoryParams(
      new URLSearchParams('gender=MALE&radius=30&rating=9&age=25-34&tag=x&platform=tiktok'),
    );
    expect(p).toMatchObject({
      gender: 'MALE',
      radius: null,
      rating: null,
      age: '25-34',
      tag: null,
      platform: 'tiktok',
    });
    expect(readDirectoryParams(new URLSearchParams('radius=75&zipcode=78701')).radius).toBe(75);
  });

  it('sends a ZIP search only with both halves, and never sorts by distance without it', () => {
    const half = readDirectoryParams(new URLSearchParams('zipcode=78701&sortBy=distance'));
    expect(directoryQuery(half)).toMatchObject({
      zipcode: undefined,
      radius: undefined,
      sortBy: 'first_name',
    });
    expect(locationProblem(half)).toEqual({ radius: 'Choose a radius.' });
    const both = readDirectoryParams(new URLSearchParams('zipcode=78701&radius=50&sortBy=distance'));
    expect(directoryQuery(both)).toMatchObject({ zipcode: '78701', radius: 50, sortBy: 'distance' });
    expect(locationProblem(both)).toEqual({});
    expect(locationProblem({ zipcode: '', radius: 25 })).toEqual({
      zipcode: 'Enter a ZIP code to search around.',
    });
  });

  it('writes changes without defaults and resets the page', () => {
    const next = writeDirectoryParams(new URLSearchParams('page=4&name=x'), { gender: 'FEMALE', name: '' });
    expect(next.toString()).toBe('gender=FEMALE');
  });
});
