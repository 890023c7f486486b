import { Inject, Injectable } from '@nestjs/common';
import {
  JOB_REQUEST_IMAGES_MAX,
  JOB_REQUEST_MESSAGES,
  ORPHAN_UPLOAD_GRACE_HOURS,
  checkJobRequest,
  jobRequestImageView,
  type JobRequestDraft,
  type JobRequestView,
  type MessageImageView,
} from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { forbidden, invalidInput, notFound } from '../../common/errors/app-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { BookingsService } from '../bookings';
import { PrivateImagesService, type StoredImage, type UploadedFileData } from '../media';
import { JobRequestImagesRepository } from './job-request-images.repository';

/** Old photos looked at per transaction by the orphan clean-up. */
const PRUNE_BATCH = 500;

/**
 * The job requests' photos and rules: a client uploads photos (the conversations' rules: type sniffed, written again,
 * private), attaches them to a request only if they are its own, and only its client, the professionals booked with
 * them and administrators may see them.
 */
@Injectable()
export class JobRequestsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly images: JobRequestImagesRepository,
    private readonly files: PrivateImagesService,
    private readonly bookings: BookingsService,
  ) {}

  /** `POST /api/job-requests/images`: up to 5 photos of the signed-in client, stored all or none. */
  async upload(actor: SessionUserClaims, uploaded: UploadedFileData[]): Promise<MessageImageView[]> {
    if (uploaded.length === 0) throw invalidInput([{ field: 'images', message: 'Adjuntá al menos una foto' }]);
    if (uploaded.length > JOB_REQUEST_IMAGES_MAX) throw invalidInput([{ field: 'images', message: JOB_REQUEST_MESSAGES.tooManyImages }]);
    const stored = await this.files.storeAll(
      uploaded.map((file) => file.buffer),
      'images',
    );
    try {
      const ids = await this.images.insert(actor.id, stored);
      return ids.map((id) => jobRequestImageView(this.config.publicApiUrl, id));
    } catch (error) {
      await this.files.remove(stored);
      throw error;
    }
  }

  /** A request as the client wrote it, checked: the text's and photos' rules, and each photo the client's own (400 otherwise). */
  async checked(clientId: number, text: string, imageIds: number[]): Promise<JobRequestDraft> {
    const checked = checkJobRequest(text, imageIds);
    if (!checked.ok) throw invalidInput([{ field: checked.field, message: checked.message }]);
    const own = new Set(
      (await this.images.find(checked.request.imageIds)).filter((image) => image.clientId === clientId).map((image) => image.id),
    );
    const foreign = checked.request.imageIds.find((id) => !own.has(id));
    if (foreign !== undefined) throw invalidInput([{ field: 'imageIds', message: JOB_REQUEST_MESSAGES.foreignImage(foreign) }]);
    return checked.request;
  }

  /**
   * In the transaction that saves a request: its photos held until it ends, so the orphan clean-up cannot delete one
   * between the check and the save (400 if one was deleted already).
   */
  async hold(manager: EntityManager, request: JobRequestDraft): Promise<void> {
    const existing = await this.images.hold(manager, request.imageIds);
    const gone = request.imageIds.find((id) => !existing.has(id));
    if (gone !== undefined) throw invalidInput([{ field: 'imageIds', message: JOB_REQUEST_MESSAGES.foreignImage(gone) }]);
  }

  /**
   * Deletes the photos older than ORPHAN_UPLOAD_GRACE_HOURS that `referenced` does not keep (no cart line draft, no
   * booking), rows and files; answers them. Each slice is locked while asked about, so a request saved meanwhile
   * either holds its photos first or fails on the deleted ones.
   */
  async pruneUnreferenced(referenced: (ids: number[]) => Promise<Set<number>>): Promise<StoredImage[]> {
    const deleted: StoredImage[] = [];
    let afterId = 0;
    for (;;) {
      const slice = await this.images.transaction(async (manager) => {
        const old = await this.images.lockOlderThan(manager, ORPHAN_UPLOAD_GRACE_HOURS, afterId, PRUNE_BATCH);
        if (old.length === 0) return null;
        const kept = await referenced(old.map((image) => image.id));
        const orphans = old.filter((image) => !kept.has(image.id));
        await this.images.delete(
          manager,
          orphans.map((image) => image.id),
        );
        return { lastId: old[old.length - 1].id, orphans };
      });
      if (!slice) return deleted;
      // Files go once their rows are gone for good.
      await this.files.remove(slice.orphans);
      deleted.push(...slice.orphans.map(({ file, thumbFile, mime }) => ({ file, thumbFile, mime })));
      afterId = slice.lastId;
    }
  }

  /** A stored request as the answers show it (its text as given: masking is the reader's rule). */
  view(request: JobRequestDraft): JobRequestView {
    return { text: request.text, images: request.imageIds.map((id) => jobRequestImageView(this.config.publicApiUrl, id)) };
  }

  /** The stored files of these photos, in order (for the conversation's first message). */
  async storedImages(imageIds: number[]): Promise<StoredImage[]> {
    return (await this.images.find(imageIds)).map(({ file, thumbFile, mime }) => ({ file, thumbFile, mime }));
  }

  /** `GET /api/job-requests/images/{id}[/thumb]`: for its client, a professional whose booking carries it, administrators. */
  async image(actor: SessionUserClaims, imageId: number, variant: 'full' | 'thumb'): Promise<{ path: string; mime: string }> {
    const [image] = await this.images.find([imageId]);
    if (!image) throw notFound(`No existe la foto ${imageId}`);
    const allowed =
      actor.type === 'administrador' ||
      actor.id === image.clientId ||
      (actor.type === 'profesional' && (await this.bookings.carriesJobRequestImage(actor.id, imageId)));
    if (!allowed) throw forbidden('not_allowed', 'Sólo el cliente y el profesional del pedido pueden ver esta foto');
    return variant === 'thumb'
      ? { path: this.files.pathOf(image.thumbFile), mime: 'image/webp' }
      : { path: this.files.pathOf(image.file), mime: image.mime };
  }
}
