import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database, DatabaseHandle } from "../db/client.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    /** Reads that may lag a moment behind the primary (DatabaseHandle.readDb). */
    readDb: Database;
    database: DatabaseHandle;
  }
}

/** Exposes an already opened and migrated database; whoever opened it closes it. */
export default fp(
  async function dbPlugin(app: FastifyInstance, options: { database: DatabaseHandle }) {
    app.decorate("database", options.database);
    app.decorate("db", options.database.db);
    app.decorate("readDb", options.database.readDb);
  },
  { name: "db" },
);
