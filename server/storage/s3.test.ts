/**
 * The S3-compatible adapter against an in-memory bucket that answers the SDK's commands the way
 * S3 does: an object exists only after its PUT or its completed multipart upload.
 */
import { describe, expect, it } from 'vitest';
import { StorageFullError } from './files.ts';
import { partBytes, S3Storage, type S3Sender } from './s3.ts';

class MemoryBucket implements S3Sender {
  objects = new Map<string, Uint8Array>();
  uploads = new Map<string, { key: string; parts: Map<number, Uint8Array>; initiated: Date }>();
  commands: string[] = [];
  full = false;

  async send(command: object): Promise<unknown> {
    const name = command.constructor.name;
    const input = (command as { input: Record<string, unknown> }).input;
    this.commands.push(name);
    const key = input.Key as string;
    const missing = () =>
      Object.assign(new Error('missing'), { name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
    if (this.full && (name === 'PutObjectCommand' || name === 'UploadPartCommand'))
      throw Object.assign(new Error('full'), { name: 'XMinioStorageFull', $metadata: { httpStatusCode: 507 } });
    switch (name) {
      case 'PutObjectCommand':
        this.objects.set(key, new Uint8Array(input.Body as Buffer));
        return {};
      case 'CreateMultipartUploadCommand': {
        const id = `u${this.uploads.size + 1}`;
        this.uploads.set(id, { key, parts: new Map(), initiated: new Date(Date.now() - 3_600_000) });
        return { UploadId: id };
      }
      case 'UploadPartCommand':
        this.uploads
          .get(input.UploadId as string)!
          .parts.set(input.PartNumber as number, new Uint8Array(input.Body as Buffer));
        return { ETag: `"${String(input.PartNumber)}"` };
      case 'CompleteMultipartUploadCommand': {
        const upload = this.uploads.get(input.UploadId as string)!;
        this.uploads.delete(input.UploadId as string);
        this.objects.set(key, Buffer.concat([...upload.parts.entries()].sort(([a], [b]) => a - b).map(([, b]) => b)));
        return {};
      }
      case 'AbortMultipartUploadCommand':
        this.uploads.delete(input.UploadId as string);
        return {};
      case 'GetObjectCommand': {
        const bytes = this.objects.get(key);
        if (!bytes) throw missing();
        return {
          ContentLength: bytes.length,
          Body: { transformToWebStream: () => new Response(Buffer.from(bytes)).body! },
        };
      }
      case 'HeadObjectCommand':
        if (!this.objects.has(key)) throw missing();
        return {};
      case 'DeleteObjectCommand':
        this.objects.delete(key);
        return {};
      case 'ListObjectsV2Command':
        return {
          Contents: [...this.objects.keys()]
            .filter((k) => k.startsWith(input.Prefix as string))
            .map((Key) => ({ Key })),
        };
      case 'ListMultipartUploadsCommand':
        return {
          Uploads: [...this.uploads.entries()].map(([UploadId, u]) => ({
            UploadId,
            Key: u.key,
            Initiated: u.initiated,
          })),
        };
      default:
        throw new Error(`unexpected ${name}`);
    }
  }
}

const storage = (bucket: MemoryBucket) =>
  new S3Storage({ bucket: 'portal', prefix: 'prod', region: 'eu-central-1', client: bucket });

async function* chunks(total: number, size = 256 * 1024): AsyncGenerator<Uint8Array> {
  for (let sent = 0; sent < total; sent += size) yield new Uint8Array(Math.min(size, total - sent)).fill(sent % 251);
}

describe('S3-compatible storage', () => {
  it('stores a small file with one PUT below its prefix, serves, lists and deletes it', async () => {
    const bucket = new MemoryBucket();
    const s3 = storage(bucket);
    await s3.put('uploads/4/a1', new TextEncoder().encode('%PDF-1.7'));
    expect([...bucket.objects.keys()]).toEqual(['prod/uploads/4/a1']);
    expect(await s3.list('uploads/')).toEqual(['uploads/4/a1']);
    const stored = await s3.open('uploads/4/a1');
    expect(await new Response(stored!.body).text()).toBe('%PDF-1.7');
    expect(await s3.open('uploads/4/none')).toBeNull();
    expect(await s3.exists('uploads/4/none')).toBe(false);
    await s3.delete('uploads/4/a1');
    expect(await s3.exists('uploads/4/a1')).toBe(false);
    await expect(s3.put('../x', new Uint8Array(1))).rejects.toThrow('unsafe storage key');
  });

  it('sends a stream over one part as a multipart upload that appears only when complete', async () => {
    const bucket = new MemoryBucket();
    const total = 2 * partBytes + 1000;
    await storage(bucket).put('uploads/4/big', chunks(total));
    expect(bucket.commands.filter((c) => c === 'UploadPartCommand')).toHaveLength(3);
    expect(bucket.objects.get('prod/uploads/4/big')?.length).toBe(total);
    expect(bucket.uploads.size).toBe(0);
  });

  it('a full bucket is a StorageFullError; the unfinished upload is aborted and nothing appears', async () => {
    const bucket = new MemoryBucket();
    const s3 = storage(bucket);
    bucket.full = true;
    await expect(s3.put('uploads/4/small', chunks(1000))).rejects.toBeInstanceOf(StorageFullError);
    await expect(s3.put('uploads/4/big', chunks(partBytes + 10))).rejects.toBeInstanceOf(StorageFullError);
    expect(bucket.commands).toContain('AbortMultipartUploadCommand');
    expect(bucket.objects.size).toBe(0);
    expect(bucket.uploads.size).toBe(0);
  });

  it('removes multipart uploads a crashed process left unfinished', async () => {
    const bucket = new MemoryBucket();
    bucket.uploads.set('left', {
      key: 'prod/uploads/1/x',
      parts: new Map(),
      initiated: new Date(Date.now() - 86_400_000),
    });
    expect(await storage(bucket).removeAbandoned(new Date(Date.now() - 60_000))).toBe(1);
    expect(bucket.uploads.size).toBe(0);
  });
});
