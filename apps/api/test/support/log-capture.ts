import { Writable } from 'node:stream';

/** One JSON log line as pino writes it (only the fields the suites read are typed). */
export interface LogLine {
  level: number;
  msg?: string;
  context?: string;
  reqId?: string;
  req?: { method?: string; url?: string; headers?: Record<string, string> };
  res?: { statusCode?: number; headers?: Record<string, string | string[]> };
  [key: string]: unknown;
}

export interface LogCapture {
  /** The destination to hand to the app (startTestApp's `logDestination`). */
  stream: Writable;
  /** Every line written so far, parsed. */
  lines(): LogLine[];
  /** Everything written so far, as written. */
  text(): string;
}

/** A log destination a test can read: the app writes JSON lines to it instead of stdout. */
export function captureLogs(): LogCapture {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return {
    stream,
    text: () => text,
    lines: () =>
      text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as LogLine),
  };
}
