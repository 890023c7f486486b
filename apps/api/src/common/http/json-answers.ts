import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PublicAssetUrls } from '../assets/public-asset-urls';
import { JsonRepresentation, sendJsonRepresentation } from './json-representation';

/**
 * Answers sent by hand with an ETag, 304 and their compressed forms (the public catalogue's GETs): serialised as every
 * answer leaves the API (images absolute), and remembered per answer object, so an answer served from a cache is
 * serialised, hashed and compressed once for as long as that cache keeps it.
 */
@Injectable()
export class JsonAnswers {
  private readonly representations = new WeakMap<object, JsonRepresentation>();

  constructor(private readonly assets: PublicAssetUrls) {}

  /** The representation of an answer (cached answers are never changed in place, so the object identifies its bytes). */
  of(answer: object): JsonRepresentation {
    if (answer instanceof JsonRepresentation) return answer;
    let representation = this.representations.get(answer);
    if (!representation) {
      representation = JsonRepresentation.ofJson(this.assets.json(answer));
      this.representations.set(answer, representation);
    }
    return representation;
  }

  send(req: FastifyRequest, res: FastifyReply, answer: object): Promise<void> {
    return sendJsonRepresentation(req, res, this.of(answer));
  }
}
