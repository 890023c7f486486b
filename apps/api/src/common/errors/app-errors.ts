import { HttpException, HttpStatus } from '@nestjs/common';
import type { ApiErrorBody, ApiErrorCode, FieldError } from '@oficios/domain';

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

const GENERIC_CODES: Record<number, ApiErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  422: 'unprocessable',
  429: 'too_many_requests',
};

export function statusName(status: number): string {
  return STATUS_NAMES[status] ?? 'Error';
}

export function genericCode(status: number): ApiErrorCode | string {
  return GENERIC_CODES[status] ?? `http_${status}`;
}

/**
 * A refusal in the API's one error shape: Nest's exception carrying `{statusCode, error, code, message, errors?}`;
 * `details` adds the fields at fault or facts a client acts on (e.g. `retryAfter`).
 */
export function apiError(
  status: HttpStatus,
  code: ApiErrorCode,
  message: string,
  details: { errors?: FieldError[]; [fact: string]: unknown } = {},
): HttpException {
  const body: ApiErrorBody = { ...details, statusCode: status, error: statusName(status), code, message };
  return new HttpException(body, status);
}

/** 400 naming each field at fault (what the schemas and a few service rules refuse). */
export function invalidInput(errors: FieldError[], code: ApiErrorCode = 'validation_failed'): HttpException {
  return apiError(HttpStatus.BAD_REQUEST, code, errors.map((e) => e.message).join('; '), { errors });
}

export const notFound = (message: string) => apiError(HttpStatus.NOT_FOUND, 'not_found', message);
export const forbidden = (code: ApiErrorCode, message: string) => apiError(HttpStatus.FORBIDDEN, code, message);
export const unauthorized = (code: ApiErrorCode, message: string) => apiError(HttpStatus.UNAUTHORIZED, code, message);
export const conflict = (code: ApiErrorCode, message: string) => apiError(HttpStatus.CONFLICT, code, message);
