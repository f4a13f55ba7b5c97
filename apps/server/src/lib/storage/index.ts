import type { Db } from '../../db/client';
import { databaseStorage } from './database';
import type { StorageConfig } from '../../config';
import { s3Storage } from './s3';
import type { FileStorage } from './types';

export type { StorageConfig };

/** The one storage the app keeps files in: S3 when configured, otherwise the database. */
export async function createStorage(config: StorageConfig, db: Db): Promise<FileStorage> {
  return config.provider === 's3' ? s3Storage(config) : databaseStorage(db);
}

export { newFileKey, readAll, type FileStorage, type StoredFile } from './types';
export { moveDatabaseFilesTo } from './move-to-s3';
export { sendDownload } from './download';
