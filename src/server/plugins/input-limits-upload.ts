import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

/** English text of `error.malformedMultipart` (the catalogs repeat it). */
export const MALFORMED_MULTIPART_MESSAGE =
  'The upload could not be read: the multipart/form-data body is malformed or incomplete. Send the file again.';

/** Messages of the multipart parser (busboy) and the plugin for a body that is not well-formed multipart. */
const MALFORMED = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Unexpected end of (multipart data|form)$/,
  /terminated early/,
  /^Malformed part header$/,
];

/** Whether an error is the parser's refusal of a malformed multipart body (not a limit, not a server fault). */
export function isMalformedMultipart(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if ((err as { code?: string }).code === 'FST_MP_PREMATURE_CLOSE') return true;
  if ((err as { statusCode?: number }).statusCode !== undefined) return false;
  return MALFORMED.some((re) => re.test(err.message));
}

export const malformedMultipart = () => new AppError('error.malformedMultipart', MALFORMED_MULTIPART_MESSAGE);

/** Control characters (C0, DEL, C1) and lone surrogates: stripped from uploaded file names. */
const UNPRINTABLE = /[\p{Cc}\p{Cs}]/gu;

/** A file name as it may be stored and shown: without control characters, trimmed, at most 255 characters. */
export function cleanFileName(name: string): string {
  return name.replace(UNPRINTABLE, '').trim().slice(0, 255);
}

/**
 * The one way a route reads its uploaded file: the first file part with its name cleaned
 * (`cleanFileName`), and a malformed body answered 400 `error.malformedMultipart` rather than 500.
 * Read the content with `uploadContent`. Limits (413) pass through unchanged.
 */
export async function receiveUpload(
  req: FastifyRequest,
  options?: Parameters<FastifyRequest['file']>[0],
): Promise<MultipartFile | undefined> {
  let part: MultipartFile | undefined;
  try {
    part = await req.file(options);
  } catch (err) {
    throw isMalformedMultipart(err) ? malformedMultipart() : err;
  }
  if (part) part.filename = cleanFileName(part.filename);
  return part;
}

/** The whole content of an uploaded file; a body cut short answers 400 `error.malformedMultipart`. */
export async function uploadContent(part: MultipartFile): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (err) {
    throw isMalformedMultipart(err) ? malformedMultipart() : err;
  }
}
