import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { pipeline, Transform, type Readable } from "node:stream";
import { assertSafeKey, storedFileMissing, type FileStorage } from "./file-storage.ts";

export type S3Options = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Keys per list request; S3's own default and maximum (1000) unless set (tests page with less). */
  listPageSize?: number;
};

/**
 * Uploads go in parts of S3's minimum size, one part at a time: an upload holds about two parts
 * (~10 MB: the part being sent and the next one filling) whatever the file's size. The request
 * body is the slow side, so sending parts in parallel would buy memory, not time.
 */
export const uploadPartSize = 5 * 1024 * 1024;

const isNotFound = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode === 404;

export function createS3FileStorage(options: S3Options): FileStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  const Bucket = options.bucket;
  return {
    async put(key, body, contentType) {
      assertSafeKey(key);
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      // A failing body fails `counted`, and so the upload reading it; destroying `counted` releases the body.
      pipeline(body, counted, () => undefined);
      const upload = new Upload({
        client,
        partSize: uploadPartSize,
        queueSize: 1,
        leavePartsOnError: true,
        params: { Bucket, Key: key, Body: counted, ContentType: contentType },
      });
      try {
        await upload.done();
      } catch (error) {
        counted.destroy();
        // Aborted here rather than by lib-storage, so a failing abort cannot replace the error that
        // stopped the upload (a client's broken body must stay a 400). Nothing was stored under the key.
        if (upload.uploadId)
          await client
            .send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: upload.uploadId }))
            .catch(() => undefined);
        throw error;
      }
      return { size };
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return result.Body as Readable;
      } catch (error) {
        if (isNotFound(error)) throw storedFileMissing();
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: options.listPageSize }),
        );
        for (const object of page.Contents ?? [])
          if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
        token = page.NextContinuationToken;
      } while (token);
    },
    async exists(key) {
      assertSafeKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        // Only "not there" is false: an unreachable bucket or refused credentials stay errors.
        if (isNotFound(error)) return false;
        throw error;
      }
    },
  };
}
