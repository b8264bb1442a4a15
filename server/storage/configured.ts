/**
 * The process's file storage, as configured (FILE_STORAGE in server/env.ts): the folder under
 * FILE_STORAGE_DIR (default DATA_DIR) or an S3-compatible bucket. Tests set their own.
 */
import path from 'node:path';
import { env, type Env } from '../env.ts';
import type { FileStorage } from './files.ts';
import { FolderStorage } from './folder.ts';
import { S3Storage } from './s3.ts';

export function storageFromEnv(config: Env = env()): FileStorage {
  if (config.FILE_STORAGE === 's3') {
    if (!config.S3_BUCKET) throw new Error('S3_BUCKET must be set for FILE_STORAGE=s3');
    return new S3Storage({
      bucket: config.S3_BUCKET,
      prefix: config.S3_PREFIX,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new FolderStorage(path.resolve(config.FILE_STORAGE_DIR ?? config.DATA_DIR));
}

let current: FileStorage | undefined;

/** One per process (the edge and the routes are one module graph, decision 076). */
export function fileStorage(): FileStorage {
  current ??= storageFromEnv();
  return current;
}

/** For tests and tools: another storage (or the configured one again with undefined). */
export function setFileStorage(storage: FileStorage | undefined): void {
  current = storage;
}
