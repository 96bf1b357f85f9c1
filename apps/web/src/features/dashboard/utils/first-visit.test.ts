import { describe, expect, it } from 'vitest';
import { greeting, isFirstVisit, recordVisit } from './first-visit';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

describe('dashboard greeting', () => {
  it('says "Welcome" on a first visit and "Welcome back" after', () => {
    const store = memoryStore();
    expect(isFirstVisit(7, store)).toBe(true);
    expect(greeting('Olivia', isFirstVisit(7, store))).toBe('Welcome, Olivia');
    recordVisit(7, store);
    expect(isFirstVisit(7, store)).toBe(false);
    expect(greeting('Olivia', isFirstVisit(7, store))).toBe('Welcome back, Olivia');
  });

  it('is kept per user', () => {
    const store = memoryStore();
    recordVisit(7, store);
    expect(isFirstVisit(8, store)).toBe(true);
  });

  it('welcomes (never "back") when there is no storage', () => {
    expect(isFirstVisit(7, null)).toBe(true);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(isFirstVisit(7, broken)).toBe(true);
    expect(() => recordVisit(7, broken)).not.toThrow();
  });
});
