import { EventEmitter } from 'node:events';
import { createServer, type Socket } from 'node:net';

/** A message the trap accepted (answered 250 after DATA). */
export interface TrappedMessage {
  /** The message as sent after DATA, dot-stuffing undone, up to and including the CRLF before the final ".\r\n". */
  raw: string;
  envelope: { from: string; to: string[] };
  /** Header fields by lower-case name, unfolded and with RFC 2047 encoded words decoded (last one wins). */
  headers: Record<string, string>;
  /** The `To` header, decoded. */
  to: string;
  /** The `Subject` header, decoded (nodemailer encodes non-ASCII subjects such as "Confirmación"). */
  subject: string;
  /** Best-effort decoded body of the first text/plain part ('' if none), so tests can match text that QP would wrap. */
  text: string;
}

export interface SmtpTrap {
  /** smtp://127.0.0.1:PORT, usable as-is by nodemailer.createTransport() and the app's SMTP_URL. */
  url: string;
  port: number;
  /** Accepted messages, in the order they were accepted. */
  messages: TrappedMessage[];
  /** Messages whose client went away while they were held: never accepted, so never delivered in SMTP terms. */
  discarded: TrappedMessage[];
  /** From now on, complete messages get no answer after DATA (the client is left waiting) until release(). */
  hold(): void;
  /** Resolves when at least one message is being held. */
  waitForHeld(timeoutMs?: number): Promise<void>;
  /** Leaves hold mode, answering every held message with 250 and recording it. */
  release(): void;
  /** Resolves when at least `count` messages have been accepted. */
  waitForMessages(count: number, timeoutMs?: number): Promise<TrappedMessage[]>;
  /** Drops every connection (held messages are discarded) and stops listening. */
  close(): Promise<void>;
}

interface Held {
  message: TrappedMessage;
  accept(): void;
}

const HOST = 'smtp-trap.local';

/** A minimal plain SMTP server (no TLS, no auth) on a free 127.0.0.1 port that records what it is sent. */
export async function startSmtpTrap(): Promise<SmtpTrap> {
  const events = new EventEmitter();
  const messages: TrappedMessage[] = [];
  const discarded: TrappedMessage[] = [];
  const held = new Set<Held>();
  const sockets = new Set<Socket>();
  let holding = false;

  const accept = (message: TrappedMessage) => {
    messages.push(message);
    events.emit('change');
  };

  const server = createServer((socket) => {
    sockets.add(socket);
    serveConnection(socket, {
      onMessage(message, answer) {
        if (!holding) {
          accept(message);
          answer();
          return;
        }
        const entry: Held = {
          message,
          accept() {
            held.delete(entry);
            socket.off('close', onClose);
            accept(message);
            answer();
          },
        };
        // No answer was sent yet, so the client cannot consider the message accepted: forget it, as a real server would.
        const onClose = () => {
          held.delete(entry);
          discarded.push(message);
          events.emit('change');
        };
        socket.once('close', onClose);
        held.add(entry);
        events.emit('change');
      },
    });
    socket.once('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };

  /** Event-driven wait instead of polling, with a deadline so a missing message fails the test with a reason. */
  const waitFor = (ready: () => boolean, what: string, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      if (ready()) return resolve();
      const check = () => {
        if (!ready()) return;
        cleanup();
        resolve();
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(`smtp-trap: timed out after ${timeoutMs} ms waiting for ${what} (accepted ${messages.length}, held ${held.size})`),
        );
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        events.off('change', check);
      };
      events.on('change', check);
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    discarded,
    hold() {
      holding = true;
    },
    waitForHeld(timeoutMs = 5_000) {
      return waitFor(() => held.size > 0, 'a held message', timeoutMs);
    },
    release() {
      holding = false;
      for (const entry of [...held]) entry.accept();
    },
    async waitForMessages(count, timeoutMs = 5_000) {
      await waitFor(() => messages.length >= count, `${count} message(s)`, timeoutMs);
      return messages;
    },
    async close() {
      holding = false;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface ConnectionHandlers {
  /** A complete message arrived; `answer()` sends the 250 that makes the client consider it delivered. */
  onMessage(message: TrappedMessage, answer: () => void): void;
}

function serveConnection(socket: Socket, handlers: ConnectionHandlers): void {
  let buffer = '';
  let mode: 'command' | 'data' = 'command';
  // While a message waits for its answer nothing else on the connection is processed, as with a real slow server.
  let waiting = false;
  let envelope = { from: '', to: [] as string[] };

  const reply = (text: string) => {
    if (!socket.destroyed) socket.write(`${text}\r\n`);
  };

  const command = (line: string) => {
    const verb = line.split(' ', 1)[0].toUpperCase();
    const argument = line.slice(verb.length).trim();
    switch (verb) {
      case 'EHLO':
        // No STARTTLS and no AUTH advertised, so nodemailer stays on plain text without credentials.
        return reply(`250-${HOST}\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250 SIZE 52428800`);
      case 'HELO':
        return reply(`250 ${HOST}`);
      case 'MAIL':
        envelope = { from: address(argument), to: [] };
        return reply('250 OK');
      case 'RCPT':
        envelope.to.push(address(argument));
        return reply('250 OK');
      case 'DATA':
        if (envelope.to.length === 0) return reply('503 RCPT first');
        mode = 'data';
        return reply('354 End data with <CR><LF>.<CR><LF>');
      case 'RSET':
        envelope = { from: '', to: [] };
        return reply('250 OK');
      case 'NOOP':
        return reply('250 OK');
      case 'QUIT':
        reply('221 Bye');
        socket.end();
        return;
      default:
        return reply('502 Command not implemented');
    }
  };

  const drain = () => {
    while (!waiting && !socket.destroyed) {
      if (mode === 'command') {
        const end = buffer.indexOf('\r\n');
        if (end === -1) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        command(line);
        continue;
      }
      // The terminator is "\r\n.\r\n", or just ".\r\n" for an empty message: prefix the CRLF that ended "DATA".
      const end = `\r\n${buffer}`.indexOf('\r\n.\r\n');
      if (end === -1) return;
      // The CRLF before the lone dot ends the message's last line, so it stays part of the message (RFC 5321 4.1.1.4).
      const body = buffer.slice(0, end);
      buffer = buffer.slice(end + 3);
      mode = 'command';
      const message = parseMessage(body.replace(/^\.\./gm, '.'), envelope);
      envelope = { from: '', to: [] };
      waiting = true;
      handlers.onMessage(message, () => {
        waiting = false;
        reply('250 OK: queued');
        drain();
      });
    }
  };

  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    drain();
  });
  // Clients that vanish (the held-message test destroys its socket) must not crash the trap.
  socket.on('error', () => undefined);
  reply(`220 ${HOST} ESMTP smtp-trap`);
}

/** "FROM:<a@b> SIZE=12" → "a@b". */
function address(argument: string): string {
  const match = /<([^>]*)>/.exec(argument);
  return match ? match[1] : argument.replace(/^(FROM|TO):/i, '').trim();
}

function parseMessage(raw: string, envelope: { from: string; to: string[] }): TrappedMessage {
  const { headers, body } = splitHeaders(raw);
  return {
    raw,
    envelope: { from: envelope.from, to: [...envelope.to] },
    headers,
    to: headers['to'] ?? '',
    subject: headers['subject'] ?? '',
    text: plainText(headers, body),
  };
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const separator = raw.indexOf('\r\n\r\n');
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? '' : raw.slice(separator + 4);
  const headers: Record<string, string> = {};
  // Unfold: a line starting with whitespace continues the previous field.
  for (const field of head.split(/\r\n(?![ \t])/)) {
    const colon = field.indexOf(':');
    if (colon <= 0) continue;
    const name = field.slice(0, colon).trim().toLowerCase();
    headers[name] = decodeWords(
      field
        .slice(colon + 1)
        .replace(/\r\n[ \t]+/g, ' ')
        .trim(),
    );
  }
  return { headers, body };
}

/** RFC 2047 "=?UTF-8?Q?...?=" / "=?UTF-8?B?...?=" words; whitespace between adjacent words is dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BQbq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=/g, (_, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            );
      return bytes.toString(/^utf-?8$/i.test(charset) ? 'utf8' : 'latin1');
    });
}

/** The first text/plain part, descending into multipart bodies; enough for the mails the app sends. */
function plainText(headers: Record<string, string>, body: string): string {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      // The CRLFs around a part belong to the boundary lines, not to the part.
      const parsed = splitHeaders(part.replace(/^\r\n/, '').replace(/\r\n$/, ''));
      const text = plainText(parsed.headers, parsed.body);
      if (text) return text;
    }
    return '';
  }
  if (!/^text\/plain/i.test(type)) return '';
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  const charset = /charset="?utf-?8/i.test(type) ? 'utf8' : 'latin1';
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString(charset);
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString(charset);
  }
  return body;
}
