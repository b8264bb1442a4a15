/**
 * File storage in an S3-compatible bucket (AWS S3, MinIO, Ceph, a provider's object storage),
 * through the official @aws-sdk/client-s3, loaded only when this adapter is used.
 *
 * An object appears only when its upload completes, so a reader never sees part of one. A stream
 * is sent as a single PUT when it fits one part (5 MiB, the smallest multipart part) and as a
 * multipart upload otherwise, so at most one part is held in memory; a failed or crashed
 * multipart upload stays invisible and `removeAbandoned` aborts it later (a bucket lifecycle
 * rule for unfinished multipart uploads does the same). A bucket out of room (MinIO's
 * XMinioStorageFull, HTTP 507) is a StorageFullError. Credentials come from the SDK's own chain
 * (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, or the platform's role).
 */
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { assertSafeKey, StorageFullError, type FileStorage, type StoredFile } from './files.ts';

/** The smallest part S3 accepts in a multipart upload (the last one may be smaller). */
export const partBytes = 5 * 1024 * 1024;

type Sdk = typeof S3Sdk;
/** What the adapter needs of a client: it sends a command and answers its output. */
export interface S3Sender {
  send(command: object): Promise<unknown>;
}

export interface S3StorageOptions {
  bucket: string;
  /** A folder in the bucket for this portal's files. */
  prefix?: string;
  region: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  /** For tests: a client that answers the commands instead of a bucket. */
  client?: S3Sender;
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function nameOf(error: unknown): string | undefined {
  return (error as { name?: string } | null)?.name;
}

function isMissing(error: unknown): boolean {
  return nameOf(error) === 'NoSuchKey' || nameOf(error) === 'NotFound' || statusOf(error) === 404;
}

function isFull(error: unknown): boolean {
  return nameOf(error) === 'XMinioStorageFull' || statusOf(error) === 507;
}

async function* chunksOf(body: Uint8Array | AsyncIterable<Uint8Array> | Readable): AsyncGenerator<Uint8Array> {
  if (body instanceof Uint8Array) yield body;
  else for await (const chunk of body) yield chunk as Uint8Array;
}

export class S3Storage implements FileStorage {
  private sdk: Promise<Sdk> | undefined;
  private client: Promise<S3Sender> | undefined;
  private readonly prefix: string;

  constructor(private readonly options: S3StorageOptions) {
    this.prefix = options.prefix ? `${options.prefix.replace(/\/+$/, '')}/` : '';
  }

  private commands(): Promise<Sdk> {
    this.sdk ??= import('@aws-sdk/client-s3');
    return this.sdk;
  }

  private connection(): Promise<S3Sender> {
    this.client ??= this.options.client
      ? Promise.resolve(this.options.client)
      : this.commands().then(
          ({ S3Client: Client }) =>
            new Client({
              region: this.options.region,
              endpoint: this.options.endpoint,
              forcePathStyle: this.options.forcePathStyle,
            }) as unknown as S3Sender,
        );
    return this.client;
  }

  private objectKey(key: string): string {
    assertSafeKey(key);
    return `${this.prefix}${key}`;
  }

  private async send<T>(make: (sdk: Sdk) => object): Promise<T> {
    const [sdk, client] = await Promise.all([this.commands(), this.connection()]);
    try {
      return (await client.send(make(sdk))) as T;
    } catch (error) {
      if (isFull(error)) throw new StorageFullError({ cause: error });
      throw error;
    }
  }

  async put(key: string, body: Uint8Array | AsyncIterable<Uint8Array> | Readable): Promise<void> {
    const Key = this.objectKey(key);
    const Bucket = this.options.bucket;
    let buffered: Uint8Array[] = [];
    let bufferedBytes = 0;
    let uploadId: string | undefined;
    const parts: Array<{ ETag?: string; PartNumber: number }> = [];
    const sendPart = async () => {
      const PartNumber = parts.length + 1;
      const Body = Buffer.concat(buffered);
      buffered = [];
      bufferedBytes = 0;
      const answer = await this.send<{ ETag?: string }>(
        (sdk) => new sdk.UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body }),
      );
      parts.push({ ETag: answer.ETag, PartNumber });
    };
    try {
      for await (const chunk of chunksOf(body)) {
        buffered.push(chunk);
        bufferedBytes += chunk.length;
        if (bufferedBytes >= partBytes) {
          if (!uploadId) {
            const started = await this.send<{ UploadId?: string }>(
              (sdk) => new sdk.CreateMultipartUploadCommand({ Bucket, Key }),
            );
            uploadId = started.UploadId;
          }
          await sendPart();
        }
      }
      if (!uploadId) {
        const Body = Buffer.concat(buffered);
        await this.send((sdk) => new sdk.PutObjectCommand({ Bucket, Key, Body, ContentLength: Body.length }));
        return;
      }
      if (bufferedBytes > 0) await sendPart();
      await this.send(
        (sdk) =>
          new sdk.CompleteMultipartUploadCommand({
            Bucket,
            Key,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts },
          }),
      );
    } catch (error) {
      if (uploadId) {
        await this.send((sdk) => new sdk.AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(
          () => undefined,
        );
      }
      throw error;
    }
  }

  async open(key: string): Promise<StoredFile | null> {
    const Key = this.objectKey(key);
    try {
      const answer = await this.send<{
        ContentLength?: number;
        Body?: { transformToWebStream(): ReadableStream<Uint8Array> };
      }>((sdk) => new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key }));
      if (!answer.Body) return null;
      return { sizeBytes: answer.ContentLength ?? 0, body: answer.Body.transformToWebStream() };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    const Key = this.objectKey(key);
    try {
      await this.send((sdk) => new sdk.HeadObjectCommand({ Bucket: this.options.bucket, Key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const Key = this.objectKey(key);
    await this.send((sdk) => new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key }));
  }

  async list(prefix = ''): Promise<string[]> {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.send<{
        Contents?: Array<{ Key?: string }>;
        IsTruncated?: boolean;
        NextContinuationToken?: string;
      }>(
        (sdk) =>
          new sdk.ListObjectsV2Command({
            Bucket: this.options.bucket,
            Prefix: `${this.prefix}${prefix}`,
            ContinuationToken,
          }),
      );
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key.slice(this.prefix.length));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys.sort();
  }

  async removeAbandoned(before: Date): Promise<number> {
    const page = await this.send<{ Uploads?: Array<{ Key?: string; UploadId?: string; Initiated?: Date }> }>(
      (sdk) => new sdk.ListMultipartUploadsCommand({ Bucket: this.options.bucket, Prefix: this.prefix || undefined }),
    );
    let removed = 0;
    for (const upload of page.Uploads ?? []) {
      if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= before) continue;
      await this.send(
        (sdk) =>
          new sdk.AbortMultipartUploadCommand({
            Bucket: this.options.bucket,
            Key: upload.Key,
            UploadId: upload.UploadId,
          }),
      );
      removed += 1;
    }
    return removed;
  }
}
