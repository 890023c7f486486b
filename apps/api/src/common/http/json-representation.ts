import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Answers below this go as they are: compressing them saves less than it costs (as the compression middleware). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export type ContentCoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const ENCODERS: Record<Exclude<ContentCoding, 'identity'>, (body: Buffer) => Promise<Buffer>> = {
  // Quality 5: close to gzip's time, about a fifth smaller on this JSON; once per cached answer, never per request.
  br: (body) =>
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipAsync(body, { level: 6 }),
};

/**
 * One JSON answer as bytes, with a strong ETag and its compressed forms, each made once and kept with it. A cached
 * answer (the catalogue's) keeps its representation, so a hit costs neither JSON.stringify, nor a hash, nor
 * compression. The ETag is a hash of the bytes made once here, never of every body on every request (the 3.8 MB list
 * included). Each content coding has its own tag (`"<hash>-br"`), as a
 * strong validator must differ between representations that differ in bytes (RFC 9110 §8.8.3).
 */
export class JsonRepresentation {
  readonly etag: string;
  private readonly encoded = new Map<Exclude<ContentCoding, 'identity'>, Promise<Buffer>>();

  private constructor(readonly body: Buffer) {
    this.etag = createHash('sha1').update(body).digest('base64url');
  }

  static ofJson(json: string): JsonRepresentation {
    return new JsonRepresentation(Buffer.from(json, 'utf8'));
  }

  /** The coding this answer goes in for an `Accept-Encoding`: small answers always as they are. */
  codingFor(acceptEncoding: string | undefined): ContentCoding {
    return this.body.length < COMPRESSION_THRESHOLD_BYTES ? 'identity' : negotiateCoding(acceptEncoding);
  }

  /** The strong ETag of the answer in that coding. */
  etagFor(coding: ContentCoding): string {
    return coding === 'identity' ? `"${this.etag}"` : `"${this.etag}-${coding}"`;
  }

  /** The bytes in that coding: compressed off the event loop, once (concurrent first requests share the work). */
  bytes(coding: ContentCoding): Promise<Buffer> {
    if (coding === 'identity') return Promise.resolve(this.body);
    let pending = this.encoded.get(coding);
    if (!pending) {
      pending = ENCODERS[coding](this.body);
      // A failure is not kept: the next request tries again.
      pending.catch(() => this.encoded.delete(coding));
      this.encoded.set(coding, pending);
    }
    return pending;
  }
}

/**
 * br, else gzip, else identity, by the client's `Accept-Encoding` (q-values and `*` honoured; br wins a tie). A
 * client that sends no header gets identity, as RFC 9110 §12.5.3 advises.
 */
export function negotiateCoding(acceptEncoding: string | undefined): ContentCoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Math.min(1, Number(q) || 0));
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).reduce<{ coding: ContentCoding; q: number }>(
    (chosen, coding) => (weightOf(coding) > chosen.q ? { coding, q: weightOf(coding) } : chosen),
    { coding: 'identity', q: 0 },
  );
  return best.coding;
}

/** Whether `If-None-Match` names this tag (weak comparison, as the header asks; `*` matches any). */
export function ifNoneMatchHits(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/**
 * Sends the representation as the request asks: 304 when `If-None-Match` already has it, else the bytes in the
 * coding negotiated. `Cache-Control: no-cache` lets browsers keep it and ask again with its tag each time.
 */
export async function sendJsonRepresentation(req: FastifyRequest, reply: FastifyReply, representation: JsonRepresentation): Promise<void> {
  // Negotiated here: @fastify/compress (app.factory.ts) leaves the answer alone, by its own per-request opt-out.
  req.headers['x-no-compression'] = '1';
  const coding = representation.codingFor(req.headers['accept-encoding']);
  const etag = representation.etagFor(coding);
  reply.header('Vary', 'Accept-Encoding');
  reply.header('ETag', etag);
  reply.header('Cache-Control', 'no-cache');
  if (ifNoneMatchHits(req.headers['if-none-match'], etag)) {
    reply.code(304).send();
    return;
  }
  const bytes = await representation.bytes(coding);
  reply.code(200);
  reply.header('Content-Type', 'application/json; charset=utf-8');
  if (coding !== 'identity') reply.header('Content-Encoding', coding);
  reply.send(bytes);
}
