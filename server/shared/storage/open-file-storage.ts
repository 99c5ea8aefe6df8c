import type { Config } from "../../config.ts";
import type { FileStorage } from "./file-storage.ts";
import { createLocalFileStorage } from "./local-file-storage.ts";

/** The configured storage. The S3 client (0.2 s to import) is loaded only when it is the one configured. */
export async function openFileStorage(storage: Config["storage"]): Promise<FileStorage> {
  if (storage.driver === "local") return createLocalFileStorage(storage.root);
  const { createS3FileStorage } = await import("./s3-file-storage.ts");
  return createS3FileStorage(storage);
}
