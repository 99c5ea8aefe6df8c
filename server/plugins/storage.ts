import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config.ts";
import type { FileStorage } from "../shared/storage/file-storage.ts";
import { openFileStorage } from "../shared/storage/open-file-storage.ts";

declare module "fastify" {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

export default fp(
  async function storagePlugin(app: FastifyInstance, options: { storage: Config["storage"] }) {
    app.decorate("storage", await openFileStorage(options.storage));
  },
  { name: "storage" },
);
