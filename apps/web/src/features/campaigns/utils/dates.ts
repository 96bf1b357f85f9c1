/*
 * Campaign dates are calendar days (YYYY-MM-DD), not instants: they are read as local days so that a campaign
 * starting on the 14th shows 03/14 everywhere. The one implementation lives in lib/format.ts (shared with every
 * other screen that shows a calendar day); these names stay for the campaign screens.
 */
export { daysLeftLabel, daysLeftUntil, formatDay, formatDayRange } from '../../../lib/format';
