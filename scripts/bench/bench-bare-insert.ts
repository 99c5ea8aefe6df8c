// The baseline of `npm run bench`: a bare Fastify route doing the footer message's insert and
// nothing else, on the database the environment names (DATA_DIR's PGlite or DATABASE_URL).
import Fastify from "fastify";
import { databaseTarget, loadConfig } from "../../server/config.ts";
import { openDatabase } from "../../server/db/client.ts";
import { footerMessage } from "../../server/leads/tables.ts";

const config = loadConfig();
const database = await openDatabase(databaseTarget(config));
const bare = Fastify();
bare.post("/insert", async (request) => {
  const body = request.body as { nameUser: string; emailUser: string; subjectUser: string; idempotencyKey: string };
  const [row] = await database.db
    .insert(footerMessage)
    .values({
      idempotencyKey: body.idempotencyKey,
      nameOfBusiness: "",
      nameUser: body.nameUser,
      emailUser: body.emailUser,
      message: body.subjectUser,
    })
    .returning({ id: footerMessage.id });
  return { id: row!.id };
});
process.on(
  "SIGTERM",
  () =>
    void bare
      .close()
      .then(() => database.close())
      .then(() => process.exit(0)),
);
console.log(`listening at ${await bare.listen({ port: config.port, host: "127.0.0.1" })}`);
