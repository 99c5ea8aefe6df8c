// build/server/*.mjs, the server's bundle (scripts/build/server-bundle.ts); run by `npm run build`.
import { rm } from "node:fs/promises";
import { bundleServer, serverBundleDir } from "./server-bundle.ts";

await rm(serverBundleDir, { recursive: true, force: true });
const outputs = await bundleServer();
console.log(`build/server: ${outputs.filter((file) => file.endsWith(".mjs")).length} modules`);
