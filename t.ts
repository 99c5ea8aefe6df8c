import { openDatabase } from "#server/db/client.ts";
const h = await openDatabase({driver:"pglite"});
await h.migrate();
const dump = await h.pglite!.dumpDataDir("none");
const t1=Date.now();
const h2 = await openDatabase({driver:"pglite", loadDataDir: dump});
console.log((await h2.pglite!.query("select count(*) from mail_outbox")).rows, Date.now()-t1);
