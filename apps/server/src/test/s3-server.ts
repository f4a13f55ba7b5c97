import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../lib/storage/s3';

export interface TestS3Server {
  /** Settings for the S3 provider, pointing at this server's bucket. */
  options: S3StorageOptions;
  close(): Promise<void>;
}

// s3rver's fixed credentials: it verifies request signatures against them.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A real S3-protocol server (s3rver) on a free loopback port, with its files in a temporary directory and one empty bucket. */
export async function startS3Server(bucket = 'referwell-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'referwell-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const options: S3StorageOptions = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    ...CREDENTIALS,
  };
  const admin = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  admin.destroy();
  return {
    options,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
