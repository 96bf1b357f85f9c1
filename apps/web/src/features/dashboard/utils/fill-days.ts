const DAY_MS = 86_400_000;

/** The api lists only days with views; the chart shows every day of the period (UTC), zeros included. */
export function fillDays(
  daily: { date: string; value: number }[],
  days: number,
  now: number = Date.now(),
): { date: string; value: number }[] {
  const byDate = new Map(daily.map((point) => [point.date, point.value]));
  return Array.from({ length: days }, (_, index) => {
    const date = new Date(now - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10);
    return { date, value: byDate.get(date) ?? 0 };
  });
}
