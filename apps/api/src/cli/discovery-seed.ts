import { loadConfig } from '../config';
import { prepareDatabase } from '../db/prepare';
import { indexSize, seedInfluencerIndex } from '../modules/discovery/generator';

/**
 * `npm run discovery:seed -- --size N`: fills the local discovery index of the configured database
 * (DATABASE_URL, or PGlite under DATA_DIR) up to N profiles (existing ones are kept; the generator is
 * deterministic, so profile i is always the same). Stop the server first when it uses PGlite.
 */
const args = process.argv.slice(2);
const at = args.indexOf('--size');
const size = Number(at >= 0 ? args[at + 1] : Number.NaN);
if (!Number.isInteger(size) || size < 1 || size > 50_000_000) {
  console.error('Usage: npm run discovery:seed -- --size <profiles, 1 to 50,000,000>');
  process.exit(2);
}
const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
const database = await prepareDatabase(config);
try {
  const before = await indexSize(database.db);
  const started = Date.now();
  const added = await seedInfluencerIndex(database.db, size, (done, total) =>
    process.stdout.write(`\r${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} profiles`),
  );
  if (added) process.stdout.write('\n');
  console.log(
    `Discovery index: ${Math.max(before, size).toLocaleString('en-US')} profiles (${added.toLocaleString('en-US')} added in ${((Date.now() - started) / 1000).toFixed(1)} s, ${database.backend}).`,
  );
} finally {
  await database.close();
}
