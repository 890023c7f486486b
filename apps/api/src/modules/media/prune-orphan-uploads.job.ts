import { Inject, Injectable, Logger } from '@nestjs/common';
import { ORPHAN_UPLOAD_GRACE_HOURS, QUEUES } from '@oficios/domain';
import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { QueueJob, type JobHandler } from '../../common/queues/job-handler';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AccountsService } from '../identity';

/** Files asked about per query: a large uploads folder is checked in slices. */
const BATCH = 500;

/**
 * Scheduled: deletes uploaded images that no record points to once they are older than the grace period (a
 * registration form uploads its picture before the account exists; one abandoned leaves an orphan).
 */
@Injectable()
@QueueJob(QUEUES.maintenance, 'prune-orphan-uploads')
export class PruneOrphanUploadsJob implements JobHandler<unknown> {
  private readonly logger = new Logger('Housekeeping');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountsService,
  ) {}

  async handle(): Promise<void> {
    const deleted = await this.prune(new Date());
    if (deleted.length > 0) this.logger.log(`Imágenes huérfanas borradas: ${deleted.length}`);
  }

  /** Deletes the orphans older than the grace period at `now`; answers their names. */
  async prune(now: Date): Promise<string[]> {
    const dir = this.config.uploads.dir;
    let names: string[];
    try {
      names = (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const cutoff = now.getTime() - ORPHAN_UPLOAD_GRACE_HOURS * 3_600_000;
    const old: string[] = [];
    for (const name of names) {
      const info = await stat(join(dir, name)).catch(() => null);
      if (info && info.mtimeMs < cutoff) old.push(name);
    }
    const deleted: string[] = [];
    for (let start = 0; start < old.length; start += BATCH) {
      const slice = old.slice(start, start + BATCH);
      const referenced = await this.accounts.referencedUploads(slice);
      for (const name of slice.filter((candidate) => !referenced.has(candidate))) {
        // Another worker may have taken it first: already gone is fine.
        await unlink(join(dir, name)).then(
          () => deleted.push(name),
          (error: NodeJS.ErrnoException) => {
            if (error.code !== 'ENOENT') throw error;
          },
        );
      }
    }
    return deleted;
  }
}
