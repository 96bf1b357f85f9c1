import type { pageViewStats } from '@reach/contract/dashboard';
import type { z } from 'zod';

type Count = number | string | bigint;

/** The page-view counts as numbers (the database may return counts as strings or bigints). */
export function presentPageViewStats(counts: {
  total: Count;
  pages: { path: string; views: Count; visitors: Count }[];
  daily: { date: string; value: Count }[];
}): z.output<typeof pageViewStats> {
  return {
    total: Number(counts.total),
    pages: counts.pages.map((p) => ({ path: p.path, views: Number(p.views), visitors: Number(p.visitors) })),
    daily: counts.daily.map((d) => ({ date: d.date, value: Number(d.value) })),
  };
}
