import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchedLines } from './log-stream';

const line = (level: number, msg: string) => `${JSON.stringify({ level, time: 1, msg })}\n`;

describe('BatchedLines', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the lines in one chunk once the batch is full, in order', () => {
    const chunks: string[] = [];
    const written = Array.from({ length: 5 }, (_, i) => line(30, `request ${i}`));
    // Full with the third line.
    const batch = (written[0] as string).length * 2 + 1;
    const lines = new BatchedLines((c) => chunks.push(c), batch, 1000);
    lines.write(written[0] as string);
    lines.write(written[1] as string);
    expect(chunks).toEqual([]);
    lines.write(written[2] as string);
    expect(chunks).toEqual([written.slice(0, 3).join('')]);
    lines.write(written[3] as string);
    lines.write(written[4] as string);
    expect(chunks).toHaveLength(1);
    lines.flush();
    expect(chunks).toEqual([written.slice(0, 3).join(''), written.slice(3).join('')]);
  });

  it('writes a lone line after the batch time', () => {
    vi.useFakeTimers();
    const chunks: string[] = [];
    const lines = new BatchedLines((c) => chunks.push(c), 10_000, 200);
    lines.write(line(30, 'request'));
    vi.advanceTimersByTime(199);
    expect(chunks).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(chunks).toEqual([line(30, 'request')]);
    // Nothing pending: the timer is not set again.
    vi.advanceTimersByTime(1000);
    expect(chunks).toHaveLength(1);
  });

  it('writes an error or fatal line at once, with the lines before it', () => {
    const chunks: string[] = [];
    const lines = new BatchedLines((c) => chunks.push(c), 10_000, 10_000);
    lines.write(line(30, 'request'));
    lines.write(line(50, 'boom'));
    expect(chunks).toEqual([line(30, 'request') + line(50, 'boom')]);
    lines.write(line(40, 'warning'));
    expect(chunks).toHaveLength(1);
    lines.write(line(60, 'fatal'));
    expect(chunks).toEqual([line(30, 'request') + line(50, 'boom'), line(40, 'warning') + line(60, 'fatal')]);
  });

  it('writes nothing when nothing is pending', () => {
    const sink = vi.fn();
    const lines = new BatchedLines(sink);
    lines.flush();
    expect(sink).not.toHaveBeenCalled();
  });
});
