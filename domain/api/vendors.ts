import { endpoint } from "./endpoint.ts";
import { vendorListResponse } from "./back-office.ts";

export const listVendorCompanies = endpoint({
  method: "GET",
  path: "/api/back-office/vendors",
  summary: "Vendor companies and their users",
  tags: ["back office"],
  responses: { 200: vendorListResponse },
  errors: ["FORBIDDEN"],
});
