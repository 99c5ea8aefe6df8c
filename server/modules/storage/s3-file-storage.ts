import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Readable } from "node:stream";
import { assertSafeKey, type FileStorage } from "./file-storage.ts";

export type S3Options = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

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
      body.on("data", (chunk: Buffer) => (size += chunk.length));
      // Multipart upload streams the body in parts; memory stays bounded whatever the size.
      await new Upload({ client, params: { Bucket, Key: key, Body: body, ContentType: contentType } }).done();
      return { size };
    },
    async get(key) {
      assertSafeKey(key);
      const result = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return result.Body as Readable;
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
        token = page.NextContinuationToken;
      } while (token);
    },
    async exists(key) {
      assertSafeKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch {
        return false;
      }
    },
  };
}
