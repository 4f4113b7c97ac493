import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { IMAGE_MAX_BYTES, imageFileSchema, UPLOAD_PATH_PATTERN } from '@merchant-hub/validation';
import type { RequestHandler } from 'express';
import multer from 'multer';
import { AppError } from './errors';

/** Files stay in memory until the whole request is valid, so a refused request writes nothing to disk. */
const multipart = multer({ storage: multer.memoryStorage(), limits: { fileSize: IMAGE_MAX_BYTES - 1, files: 2, fields: 40 } });

/**
 * Busboy reports a malformed form (no boundary, a part cut short, a bad header) as a plain Error: that is the
 * client's fault, so it becomes 400 `bad_request`; multer's own limit errors go on to the error middleware.
 */
const clientFault = (parse: RequestHandler): RequestHandler => (req, res, next) =>
  parse(req, res, (error?: unknown) => next(error === undefined || error instanceof multer.MulterError ? error : new AppError('bad_request')));

export const imageUpload = {
  single: (field: string): RequestHandler => clientFault(multipart.single(field)),
  fields: (fields: readonly multer.Field[]): RequestHandler => clientFault(multipart.fields(fields)),
};

const signatureOf = (buffer: Buffer): 'png' | 'jpg' | undefined => {
  if (buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpg';
  return undefined;
};

/** Checks the declared type and size with the shared schema, and the bytes themselves (a renamed file fails). */
export const checkImage = (file: Express.Multer.File, field: string): 'png' | 'jpg' => {
  const parsed = imageFileSchema.safeParse({ type: file.mimetype, size: file.size });
  const kind = signatureOf(file.buffer);
  if (!parsed.success || !kind) {
    const tooLarge = !parsed.success && parsed.error.issues.some((issue) => issue.path[0] === 'size');
    throw new AppError(tooLarge ? 'payload_too_large' : 'unsupported_file_type', {
      details: { fields: { [field]: tooLarge ? 'validation:image.tooLarge' : 'validation:image.typeInvalid' } },
    });
  }
  return kind;
};

/** Writes under `<uploadDir>/<folder>/` with a random name; returns the path relative to the upload root. */
export const saveImage = async (uploadDir: string, folder: string, file: Express.Multer.File, kind: 'png' | 'jpg'): Promise<string> => {
  const dir = path.join(uploadDir, folder);
  await fs.mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${kind}`;
  await fs.writeFile(path.join(dir, name), file.buffer);
  return `${folder}/${name}`;
};

export const uploadUrl = (publicUrl: string, relative: string): string => `${publicUrl}/api/uploads/${relative}`;

/**
 * An image URL a request names, kept only when it is one of this product's uploads (`/api/uploads/…` on
 * PUBLIC_URL, or that path alone): anything else (javascript:, another host, a data URL) is a field error.
 * '' and null clear the image; undefined leaves it.
 */
export const ownUploadUrl = (publicUrl: string, value: string | null | undefined, field: string): string | null | undefined => {
  if (value === undefined || value === null || value === '') return value === '' ? null : value;
  const path = value.startsWith(`${publicUrl}/api/uploads/`) ? value.slice(publicUrl.length) : value;
  const relative = path.startsWith('/api/uploads/') ? path.slice('/api/uploads/'.length) : '';
  if (!UPLOAD_PATH_PATTERN.test(relative)) throw new AppError('validation_failed', { details: { fields: { [field]: 'validation:profile.imageInvalid' } } });
  return uploadUrl(publicUrl, relative);
};
