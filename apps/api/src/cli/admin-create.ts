import crypto from 'node:crypto';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { prepareDatabase } from '../db/prepare';
import { createAuthService } from '../modules/auth/service';

/** `npm run admin:create -- <email> [given name] [family name]`: the only way to add an admin besides the seed. */
const [email, givenName = 'Admin', familyName = 'User'] = process.argv.slice(2);
if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) {
  console.error('Usage: npm run admin:create -- <email> [given name] [family name]');
  process.exit(2);
}
// On a local install the keys `npm start` generated live in DATA_DIR (dev tools); production passes its own.
const config = loadConfig({
  ...(process.env.NODE_ENV === 'production' ? {} : { DEV_TOOLS: '1' }),
  ...process.env,
  SEED_DEMO: '0',
  LOG_LEVEL: 'warn',
});
const database = await prepareDatabase(config);
const app = await buildApp({ config, database, logger: false });
const auth = createAuthService(app.ctx);
try {
  if (await auth.findUserByEmail(email)) {
    console.error(`An account with the email ${email} already exists.`);
    process.exitCode = 1;
  } else {
    const password = process.env.ADMIN_PASSWORD ?? crypto.randomBytes(12).toString('base64url');
    const user = await database.db.transaction().execute((trx) =>
      auth.createAccount(trx, {
        email,
        type: 'admin',
        given_name: givenName,
        family_name: familyName,
        confirmed: true,
      }),
    );
    await auth.setPassword(user.id, password);
    console.log(
      `Admin ${email} created${process.env.ADMIN_PASSWORD ? '.' : ` with the password: ${password}`}`,
    );
  }
} finally {
  await app.close();
  await database.close();
}
