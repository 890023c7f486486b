import { Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { runOutsideRequests, runWithRequestId } from './request-context';

/**
 * Runs work that no HTTP request wraps (a job, a relay pass) the way a request runs: under a request id, so the
 * events it records carry that id and its log lines are bound to it (`reqId`), as the HTTP middleware does.
 */
@Injectable()
export class RequestScope {
  constructor(private readonly logs: PinoLogger) {}

  run<T>(requestId: string, work: () => T): T {
    return runWithRequestId(requestId, () => this.logs.runInContext(work, { bindings: { reqId: requestId } }));
  }

  /** Runs `work` detached from the request it was started in (its lines are not that request's). */
  detached<T>(work: () => T): T {
    return runOutsideRequests(() => this.logs.runInContext(work));
  }
}
