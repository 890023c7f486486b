import { z } from 'zod';
import type { MessageImageView } from '../conversations/conversation.types';
import { MESSAGE_IMAGES_MAX, MESSAGE_TEXT_MAX, plainMessageText } from '../conversations/message-text';
import { bodyObject, idSchema } from '../validation/schemas';

/**
 * The job request: what the client tells each professional about the work (a description and photos), drafted on the
 * cart line, copied onto the booking at checkout and posted as the first message of the booking's conversation. Its
 * limits are a message's, since it becomes one.
 */
export const JOB_REQUEST_TEXT_MAX = MESSAGE_TEXT_MAX;
export const JOB_REQUEST_IMAGES_MAX = MESSAGE_IMAGES_MAX;

export const JOB_REQUEST_MESSAGES = {
  tooLong: `La descripción del trabajo puede tener hasta ${JOB_REQUEST_TEXT_MAX} caracteres`,
  notText: 'La descripción del trabajo debe ser texto',
  tooManyImages: `Podés adjuntar hasta ${JOB_REQUEST_IMAGES_MAX} fotos al pedido`,
  imageIds: 'imageIds debe ser una lista de ids de fotos',
  foreignImage: (id: number) => `La foto ${id} no existe o no es tuya`,
} as const;

/** What a job request holds as stored: its plain text (may be empty) and its photos' ids, in order. */
export interface JobRequestDraft {
  text: string;
  imageIds: number[];
}

/** A job request as the answers show it: the text (masked for the professional while the rule applies) and its photos. */
export interface JobRequestView {
  text: string;
  images: MessageImageView[];
}

/** `PUT /api/cart/{id}/job-request`: the request of one cart line, replaced whole. */
export const jobRequestSchema = bodyObject({
  text: z.string({ error: JOB_REQUEST_MESSAGES.notText }).default(''),
  imageIds: z.array(idSchema('imageIds'), { error: JOB_REQUEST_MESSAGES.imageIds }).default([]),
});
export type JobRequestBody = z.input<typeof jobRequestSchema>;
export type JobRequestChange = z.output<typeof jobRequestSchema>;

export type JobRequestCheck = { ok: true; request: JobRequestDraft } | { ok: false; field: 'text' | 'imageIds'; message: string };

/** The request's rules: the text plain as a message's and at most 2000 characters, at most 5 photos, each once. */
export function checkJobRequest(text: string, imageIds: number[]): JobRequestCheck {
  const plain = plainMessageText(text);
  if (plain.length > JOB_REQUEST_TEXT_MAX) return { ok: false, field: 'text', message: JOB_REQUEST_MESSAGES.tooLong };
  const unique = [...new Set(imageIds)];
  if (unique.length > JOB_REQUEST_IMAGES_MAX) return { ok: false, field: 'imageIds', message: JOB_REQUEST_MESSAGES.tooManyImages };
  return { ok: true, request: { text: plain, imageIds: unique } };
}

/** Whether a request says anything (an empty one is no request). */
export const isEmptyJobRequest = (request: JobRequestDraft | null | undefined): boolean =>
  !request || (request.text === '' && request.imageIds.length === 0);

/** Where a request photo is served (only to its client, the booked professional and administrators). */
export const jobRequestImageView = (apiUrl: string, id: number): MessageImageView => ({
  id,
  url: `${apiUrl}/api/job-requests/images/${id}`,
  thumbUrl: `${apiUrl}/api/job-requests/images/${id}/thumb`,
});
