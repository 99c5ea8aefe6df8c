// Placeholder until the sealing lands (issue 32, in progress on this branch): replaced by the real
// completion (signatures placed, certificate, seal, storage, mails, Docs In).
import type { FastifyInstance } from "fastify";

export async function completeSigningPackage(_app: FastifyInstance, _packageId: string): Promise<void> {}
