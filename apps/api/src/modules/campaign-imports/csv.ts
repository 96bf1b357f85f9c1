import {
  IMPORT_EMAIL_HEADERS,
  IMPORT_MAX_ROWS,
  IMPORT_USERNAME_HEADERS,
} from '@reach/contract/campaign-imports';
import { API_MESSAGE } from '@reach/contract/messages';
import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '../../lib/app-error';
import { RAW_VALUE_MAX_LENGTH, type RawImportRow } from './rows';

export type ParsedRow = RawImportRow & { row_number: number };

const invalid = (message: string) => new AppError('validation', message, { file: message });
const cell = (v: unknown) => {
  const s = typeof v === 'string' ? v.trim() : '';
  return s ? s.slice(0, RAW_VALUE_MAX_LENGTH) : null;
};

/**
 * The rows of an invitation CSV: a header row naming an Instagram column (instagram, instagram_username or
 * username) and/or an email column, in any case and order; other columns are ignored. Commas, semicolons
 * (spreadsheets in many locales) and tabs all work, and a UTF-8 byte-order mark is skipped. Blank lines
 * are skipped; a row whose cells are empty is kept (and fails as empty) so the counts match the file.
 * `row_number` is the row's line in the file, so the business can find it. Values are not validated here:
 * the job does that, and reports every bad row with its reason.
 */
export function parseInviteCsv(data: Buffer): ParsedRow[] {
  let records: { record: Record<string, unknown>; info: { lines: number } }[];
  try {
    records = parse(data, {
      bom: true,
      columns: (header: string[]) => header.map((h) => String(h).trim().toLowerCase().replace(/\s+/g, '_')),
      delimiter: [',', ';', '\t'],
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
      // One more than allowed is enough to know the file is too long.
      to: IMPORT_MAX_ROWS + 1,
    });
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      throw invalid(API_MESSAGE.importUnreadable(line));
    }
    throw error;
  }
  const first = records[0];
  if (!first) {
    // Either an empty file or a header alone: tell which is missing.
    const header =
      data
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)[0] ?? '';
    if (!header.trim()) throw invalid(API_MESSAGE.importNoRows);
    if (
      !findColumn(
        header
          .toLowerCase()
          .split(/[,;\t]/)
          .map((h) => h.trim().replace(/\s+/g, '_')),
      )
    ) {
      throw invalid(API_MESSAGE.importNoColumns);
    }
    throw invalid(API_MESSAGE.importNoRows);
  }
  const columns = Object.keys(first.record);
  const usernameColumn = IMPORT_USERNAME_HEADERS.find((h) => columns.includes(h));
  const emailColumn = IMPORT_EMAIL_HEADERS.find((h) => columns.includes(h));
  if (!usernameColumn && !emailColumn) throw invalid(API_MESSAGE.importNoColumns);
  if (records.length > IMPORT_MAX_ROWS) throw invalid(API_MESSAGE.importTooManyRows);
  return records.map(({ record, info }) => ({
    row_number: info.lines,
    instagram_username: usernameColumn ? cell(record[usernameColumn]) : null,
    email: emailColumn ? cell(record[emailColumn]) : null,
  }));
}

function findColumn(headers: string[]) {
  return headers.some(
    (h) =>
      (IMPORT_USERNAME_HEADERS as readonly string[]).includes(h) ||
      (IMPORT_EMAIL_HEADERS as readonly string[]).includes(h),
  );
}
