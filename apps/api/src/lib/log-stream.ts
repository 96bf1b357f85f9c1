/** Where a batch of log lines goes: process.stdout's write (synchronous for a file or a pipe on Linux). */
export type LineSink = (chunk: string) => void;

/** A batch is written once it holds this many characters (a few dozen request lines). */
export const LOG_BATCH_CHARS = 8192;
/** Lines that wait longer than this for their batch to fill are written anyway. */
export const LOG_BATCH_MS = 200;

/**
 * The server's log lines, written to stdout in batches instead of one write each. Pino writes every line as it
 * is logged, synchronously: under load that is a write(2) per request for its request line, ~3 % of the server's
 * busy time in the mixed load's profile (10 % on a route that commits, whose writes meet the database's WAL
 * flushes in the file system). Lines wait at most LOG_BATCH_MS or until LOG_BATCH_CHARS have gathered; an error
 * line (level 50 and above) goes out at once with those before it, and whatever is pending is written when the
 * process exits (the shutdown's last line included). The lines and their order are pino's.
 */
export class BatchedLines {
  #pending: string[] = [];
  #chars = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sink: LineSink = (chunk) => {
      process.stdout.write(chunk);
    },
    private readonly batchChars = LOG_BATCH_CHARS,
    private readonly batchMs = LOG_BATCH_MS,
  ) {}

  write(line: string): void {
    this.#pending.push(line);
    this.#chars += line.length;
    if (this.#chars >= this.batchChars || isErrorLine(line)) {
      this.flush();
      return;
    }
    if (this.#timer === undefined) {
      this.#timer = setTimeout(() => this.flush(), this.batchMs);
      // A line waiting for its batch never keeps the process alive: exit writes it (see writeOnExit).
      this.#timer.unref();
    }
  }

  /** Writes the pending lines now. */
  flush(): void {
    if (this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    if (this.#pending.length === 0) return;
    const chunk = this.#pending.length === 1 ? (this.#pending[0] as string) : this.#pending.join('');
    this.#pending = [];
    this.#chars = 0;
    this.sink(chunk);
  }

  /** Writes what is pending when the process exits (process.exit, the end of the event loop, a crash). */
  writeOnExit(): this {
    process.once('exit', () => this.flush());
    return this;
  }
}

/** Pino's JSON line starts with its level: 50 (error) and 60 (fatal) are written at once. */
function isErrorLine(line: string): boolean {
  return line.startsWith('{"level":5') || line.startsWith('{"level":6');
}
