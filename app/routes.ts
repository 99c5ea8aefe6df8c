import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

const programPaths = [
  "About",
  "EquipmentFinance",
  "EquipmentLeasing",
  "WorkingCapitalNow",
  "LineOfCredit",
  "StartUp",
  "PrivatePartySale",
];

export default [
  // Public pages share one layout route (header, footer, cookie banner); reset-password, the
  // status-mail opt-out, the applicant's page, the portal and the back office have their own chrome.
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    ...programPaths.map((path) => route(path, "routes/program-page.tsx", { id: `program-${path}` })),
    route("VendorLogin", "routes/vendor-login.tsx", { id: "vendor-login" }),
    route("DealerServices", "routes/vendor-login.tsx", { id: "dealer-services" }),
    route("ClientLogin", "routes/client-login.tsx"),
    route("ApplyNow", "routes/apply-now.tsx"),
    route("FinancingOptions", "routes/financing-options.tsx"),
    route("GetQualified", "routes/get-qualified.tsx"),
    route("vendor_partner/:slug", "routes/partner-calculator.tsx"),
    route("vendor_partner/:slug/apply", "routes/partner-apply.tsx"),
    route("ThankYou", "routes/thank-you.tsx"),
    route("TermsOfUse", "routes/terms-of-use.tsx"),
    route("QuestionFinancing", "routes/question-financing.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("reset-password", "routes/reset-password.tsx"),
  route("status-mails/opt-out", "routes/status-mail-opt-out.tsx"),
  route("application", "routes/applicant.tsx"),
  route("portal", "routes/portal.tsx", [
    index("routes/portal-home.tsx"),
    route("deals/:id", "routes/portal-deal.tsx"),
    route("deals/:id/messages", "routes/portal-deal-messages.tsx"),
    route("link", "routes/portal-link.tsx"),
    route("quotes", "routes/portal-quotes.tsx"),
    route("webhooks", "routes/portal-webhooks.tsx"),
    route("api-keys", "routes/portal-api-keys.tsx"),
    route("team", "routes/portal-team.tsx"),
  ]),
  // The back office's layout (navigation and staff guard) also holds the spec's /VendorSignUp.
  layout("routes/back-office.tsx", [
    route("VendorSignUp", "routes/vendor-sign-up.tsx"),
    ...prefix("back-office", [
      index("routes/back-office-home.tsx"),
      route("outbox", "routes/back-office-outbox.tsx"),
      route("deals", "routes/back-office-deals.tsx"),
      route("leads", "routes/back-office-leads.tsx"),
      route("leads/:type/:id", "routes/back-office-lead.tsx"),
      route("credit-applications/:id", "routes/back-office-credit-application.tsx"),
      route("vendors", "routes/back-office-vendors.tsx"),
      route("partners", "routes/back-office-partners.tsx"),
      route("funders", "routes/back-office-funders.tsx"),
      route("stip-kinds", "routes/back-office-stip-kinds.tsx"),
      route("agreement-templates", "routes/back-office-agreement-templates.tsx"),
      route("stips-to-review", "routes/back-office-stips-to-review.tsx"),
      route("audit", "routes/back-office-audit.tsx"),
      route("staff", "routes/back-office-staff.tsx"),
      route("response-times", "routes/back-office-response-times.tsx"),
      route("api-keys", "routes/back-office-api-keys.tsx"),
      route("deals/:id", "routes/back-office-deal.tsx"),
      route("adverse-action", "routes/back-office-declines-due.tsx"),
      route("adverse-action/:type/:id", "routes/back-office-adverse-action-change.tsx"),
      route("duplicates", "routes/back-office-duplicates.tsx"),
      route("duplicates/:id", "routes/back-office-duplicate-decision.tsx"),
      route("working-calendar", "routes/back-office-working-calendar.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
