import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const screenshotDir = path.join(root, 'e2e', 'screenshots');

export const DEMO_PASSWORD = 'reach-demo-2026';

export type Server = { url: string; dataDir: string; stop(): Promise<void>; output(): string };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts the real product (`apps/api/src/server.ts` serving the built web app) on a free loopback port
 * with a fresh data dir and the demo seed, exactly as `npm start` does.
 *
 * Seeding takes most of a start, so a server whose env changes nothing the seed depends on (only the keys
 * SEED_NEUTRAL matches) starts from a copy of the run's seeded data dir instead: the same migrated, seeded
 * database and uploads, each server its own copy (see seededDataDir). E2E_FRESH_SEED=1 seeds every server afresh.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { port?: number } = {},
): Promise<Server> {
  const port = options.port ?? (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-e2e-'));
  const neutral = Object.keys(env).every((key) => SEED_NEUTRAL.test(key));
  if (neutral && process.env.E2E_FRESH_SEED !== '1') {
    fs.cpSync(await seededDataDir(), dataDir, { recursive: true });
  }
  const server = await spawnServer(dataDir, env, port);
  return {
    ...server,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Env keys that leave what a fresh server seeds unchanged (limits, sign-in providers). */
const SEED_NEUTRAL = /^(RATE_LIMIT_|GOOGLE_)/;

/**
 * The data dir of one server started on an empty dir with the harness's env, as `npm start` does (migrations,
 * reference data, discovery index, demo), then stopped: seeded once per `vitest run` in the directory the
 * global setup provides (e2e/global-setup.ts), by the first worker to ask, under a lock (an exclusive mkdir);
 * the other workers wait for its `seeded-at` file. If the seeding fails, its error is left for them to throw.
 */
async function seededDataDir(): Promise<string> {
  const dir = inject('reachE2eSeed');
  const data = path.join(dir, 'data');
  const ready = path.join(dir, 'seeded-at');
  const failed = path.join(dir, 'failed');
  let building = false;
  try {
    fs.mkdirSync(path.join(dir, 'lock'));
    building = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (building) {
    try {
      const server = await spawnServer(data, {}, await freePort());
      await server.stop();
      fs.writeFileSync(ready, String(Date.now()));
    } catch (error) {
      fs.writeFileSync(failed, String((error as Error).stack ?? error));
      throw error;
    }
    return data;
  }
  const waitMs = SERVER_START_MS + 60_000;
  const deadline = Date.now() + waitMs;
  while (!fs.existsSync(ready)) {
    if (fs.existsSync(failed))
      throw new Error(`seeding failed in another worker:\n${fs.readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`the seeded data dir was not ready within ${waitMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return data;
}

/** How long a server may take to answer its first health check (a fresh seed included). */
const SERVER_START_MS = 300_000;

/** The server process on that data dir, once it answers its health check; `stop` leaves the data dir. */
async function spawnServer(dataDir: string, env: Record<string, string>, port: number): Promise<Server> {
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      // The demo accounts and the dev outbox the tests use: said outright, not left to NODE_ENV's default.
      DEV_TOOLS: '1',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const url = `http://localhost:${port}`;
  // Seeding a fresh data dir takes about 80 s on a busy 2-core machine and over 3 minutes on an overloaded one;
  // past the deadline the start fails with the server's output instead of handing back a server that does not
  // answer.
  const deadline = Date.now() + SERVER_START_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer its health check within ${SERVER_START_MS} ms:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * The tours that start on their own on a first visit (the dashboard's and the campaign wizard's, see
 * AUTO_START_TOURS in apps/web/src/lib/tours.tsx). A journey's browser starts with them marked completed, as
 * a returning user has them, so no tour pops up over the page it works on; `{ freshTours: true }` leaves the
 * completed-tours store empty, as for a first-time user.
 */
export const AUTO_START_TOURS = [
  'business-dashboard',
  'campaign-type-selection',
  'campaign-details',
  'campaign-product',
  'campaign-budget',
] as const;

/** The IANA zone this process runs in (TZ, else the system's), e.g. "America/Los_Angeles" or "UTC". */
export function processTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  width = 1280,
  height = 800,
  options: { freshTours?: boolean; timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height },
    // The browser shows dates in the zone the tests run in (`npm test` runs e2e under TZ=America/Los_Angeles),
    // so a page's dates are checked in the same zone the test computes its expectations in.
    timezoneId: options.timezoneId ?? processTimeZone(),
  });
  if (!options.freshTours) {
    // Only when the store is empty: what the journey itself does to it (complete, retake) is kept on reloads.
    await context.addInitScript((names) => {
      try {
        if (localStorage.getItem('completed-tours') === null) {
          localStorage.setItem('completed-tours', JSON.stringify(names));
        }
      } catch {}
    }, AUTO_START_TOURS);
  }
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the real login form. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** The latest 6-digit code mailed to an address, read from the dev outbox like a developer would. */
export async function latestCode(baseUrl: string, to: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const body = (await res.json()) as { messages: { text: string }[] };
  const code = body.messages[0]?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}
