import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { sampleNewDealFields } from "../../server/demo/sample-requests.ts";
import { multipartBody, samplePdf } from "./multipart.ts";
import { loopbackAddress, testOrigin } from "./test-server.ts";
import type { DatabaseHandle } from "../../server/db/client.ts";
import type { Auth } from "../../server/auth/create-auth.ts";
import { createSampleVendor } from "../../server/demo/create-sample-vendor.ts";

/** A vendor company (random code) with one verified vendor user (random address); the same helper the demo seed uses. */
export async function createVendor(database: DatabaseHandle, auth: Auth, name: string, password = "vendor-password-1") {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${randomUUID().slice(0, 6)}@vendor.example`;
  const { company } = await createSampleVendor(
    database.db,
    auth,
    { name, companyCode: String(100000 + Math.floor(Math.random() * 899999)) },
    { email, name: `${name} Rep`, password },
  );
  return { company, email, password };
}

/**
 * A deal submitted through the portal by a signed-in vendor (Submit New Deal's multipart, a client
 * information PDF): its id. Fields default to the sample deal's.
 */
export async function submitPortalDeal(
  app: FastifyInstance,
  cookie: string,
  fields: Parameters<typeof sampleNewDealFields>[0] = {},
): Promise<string> {
  const upload = multipartBody({ deal: JSON.stringify(sampleNewDealFields(fields)) }, [
    { field: "client-info", name: "application.pdf", content: samplePdf },
  ]);
  const response = await app.inject({
    method: "POST",
    url: "/api/portal/deals",
    payload: upload.payload,
    remoteAddress: loopbackAddress(),
    headers: { cookie, origin: testOrigin, "content-type": upload.contentType },
  });
  if (response.statusCode !== 201) throw new Error(`Submit New Deal answered ${response.statusCode}: ${response.body}`);
  return response.json().id as string;
}
