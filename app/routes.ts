import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("VendorLogin", "routes/vendor-login.tsx", { id: "vendor-login" }),
  route("DealerServices", "routes/vendor-login.tsx", { id: "dealer-services" }),
  route("portal", "routes/portal.tsx"),
  route("back-office", "routes/back-office.tsx", [
    index("routes/back-office-home.tsx"),
    route("outbox", "routes/back-office-outbox.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
