/** Job requests' public face: what other modules may import from it. */
export { JobRequestsModule } from './job-requests.module';
export { JobRequestsService } from './job-requests.service';
