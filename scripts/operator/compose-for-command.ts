import { composeServer } from "../../server/compose-server.ts";
import type { Config } from "../../server/config.ts";
import { PendingMigrationsError } from "../../server/db/client.ts";

/**
 * The server's parts for an operator command (admin, rotate-data-key, backfill-match-keys), on the
 * server's own configuration. A database behind this release ends the command with exit 1 and the
 * message that says to run `npm run migrate`, as the server itself would.
 */
export function composeForCommand(config: Config, onWarning: (message: string) => void) {
  return composeServer(config, { onWarning }).catch((error: unknown) => {
    if (!(error instanceof PendingMigrationsError)) throw error;
    console.error(error.message);
    process.exit(1);
  });
}
