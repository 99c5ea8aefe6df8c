import type { FastifyPluginAsync } from "fastify";
import {
  listAgreementTemplates,
  listAgreementTemplateVersions,
  saveAgreementTemplate,
} from "#domain/signing/template-contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { listTemplates, listTemplateVersions, mergeFieldList } from "./list-templates.ts";
import { saveTemplateVersion } from "./save-template-version.ts";

/** The agreement templates in the back office: staff read them, admins save new versions (docs/product-rules.md#r57-documents-and-e-signature). */
export const agreementTemplateRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, listAgreementTemplates, async () => ({
    templates: await listTemplates(app.db),
    mergeFields: mergeFieldList(),
  }));

  registerEndpoint(app, listAgreementTemplateVersions, async (request) =>
    listTemplateVersions(app.db, request.params.kind),
  );

  registerEndpoint(app, saveAgreementTemplate, async (request, _reply, user) => ({
    template: await saveTemplateVersion(
      app.db,
      { userId: user.id, ipAddress: request.ip },
      request.params.kind,
      request.body,
    ),
  }));
};
