import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The id of the request (or of the job) the current code runs for. Kept in AsyncLocalStorage so the outbox can
 * stamp every event with it without each service passing it along; a job runs under the id of the event that
 * caused it, so one id follows a click through every job it sets off.
 */
interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The id given by the caller is kept only when it is 1–100 printable ASCII characters. */
const ACCEPTED_ID = /^[\x20-\x7e]{1,100}$/;

export const newRequestId = (): string => randomUUID();

/** The caller's `X-Request-Id` when well formed; otherwise (missing, too long, other characters) a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given !== undefined && ACCEPTED_ID.test(given) ? given : newRequestId();
}

/** The id of the request or job running now; undefined outside both (start-up, timers). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Runs `work` (and everything it awaits or schedules) under `requestId`. */
export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

/** Runs `work` outside any request: what it starts is nobody's request (a relay pass woken by one, say). */
export function runOutsideRequests<T>(work: () => T): T {
  return storage.exit(work);
}
