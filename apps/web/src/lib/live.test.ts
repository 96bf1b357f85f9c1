import { describe, expect, it } from 'vitest';
import { readEventStream } from './live';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: string[]) {
  const events: { event: string; data: string }[] = [];
  await readEventStream(streamOf(chunks), (event) => events.push(event));
  return events;
}

describe('readEventStream', () => {
  it('parses named events, skips comments and the retry field', async () => {
    const events = await collect([
      'retry: 3000\n: connected\n\n',
      'event: notification\ndata: {"type":"notification","unread":3}\n\n',
      ': ping\n\n',
    ]);
    expect(events).toEqual([{ event: 'notification', data: '{"type":"notification","unread":3}' }]);
  });

  it('joins events split across chunks, multi-line data and CRLF line ends', async () => {
    const events = await collect([
      'event: notifications-re',
      'ad\r\ndata: {"type":"notifications-read",\r\n',
      'data: "unread":0}\r\n\r\nevent: message\ndata: x\n',
      '\n',
    ]);
    expect(events).toEqual([
      { event: 'notifications-read', data: '{"type":"notifications-read",\n"unread":0}' },
      { event: 'message', data: 'x' },
    ]);
  });

  it('drops an event the stream ends in the middle of', async () => {
    expect(await collect(['event: notification\ndata: {"partial"'])).toEqual([]);
  });
});
