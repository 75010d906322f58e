import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import { type ByteRange, FileMissingError } from './file-store.ts';

export type Part = { n: number; etag: string; size: number };

const NOT_FOUND = new Set(['NotFound', 'NoSuchKey', 'NoSuchUpload']);
export const isNotFound = (err: unknown) =>
  NOT_FOUND.has((err as { name?: string }).name ?? '') ||
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/** The few S3 calls the stores make, on one bucket. */
export class S3Bucket {
  readonly client: S3Client;
  readonly name: string;

  constructor(config: S3Config) {
    this.name = config.bucket;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // The SDK's default checksums send bodies aws-chunked with trailers, which many
      // S3-compatible servers do not speak; S3 still checks what it requires (Content-MD5).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Fails with the server's own words when the bucket is missing or the keys are wrong. */
  async check() {
    await this.client.send(new HeadBucketCommand({ Bucket: this.name }));
  }

  async put(key: string, body: Buffer) {
    await this.client.send(new PutObjectCommand({ Bucket: this.name, Key: key, Body: body }));
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.name,
          Key: key,
          Range: range && `bytes=${range.start}-${range.end}`,
        }),
      );
      return res.Body as Readable;
    } catch (err) {
      throw isNotFound(err) ? new FileMissingError(key) : err;
    }
  }

  async size(key: string) {
    try {
      return (await this.client.send(new HeadObjectCommand({ Bucket: this.name, Key: key }))).ContentLength;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.name, Key: key }));
  }

  async startMultipart(key: string) {
    const res = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.name, Key: key }));
    if (!res.UploadId) throw new Error(`S3 gave no upload id for ${key}`);
    return res.UploadId;
  }

  async uploadPart(key: string, uploadId: string, n: number, body: Buffer): Promise<Part> {
    const res = await this.client.send(
      new UploadPartCommand({ Bucket: this.name, Key: key, UploadId: uploadId, PartNumber: n, Body: body }),
    );
    if (!res.ETag) throw new Error(`S3 gave no ETag for part ${n} of ${key}`);
    return { n, etag: res.ETag, size: body.length };
  }

  async completeMultipart(key: string, uploadId: string, parts: Part[]) {
    await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.name,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.n, ETag: p.etag })) },
      }),
    );
  }

  async abortMultipart(key: string, uploadId: string) {
    await this.client.send(
      new AbortMultipartUploadCommand({ Bucket: this.name, Key: key, UploadId: uploadId }),
    );
  }
}
