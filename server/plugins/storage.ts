import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config.ts";
import type { FileStorage } from "../modules/storage/file-storage.ts";
import { createLocalFileStorage } from "../modules/storage/local-file-storage.ts";
import { createS3FileStorage } from "../modules/storage/s3-file-storage.ts";

declare module "fastify" {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

export default fp(
  async function storagePlugin(app: FastifyInstance, options: { storage: Config["storage"] }) {
    const { storage } = options;
    app.decorate("storage", storage.driver === "s3" ? createS3FileStorage(storage) : createLocalFileStorage(storage.root));
  },
  { name: "storage" },
);
