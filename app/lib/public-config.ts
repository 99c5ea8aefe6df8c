import type { PublicConfig } from "#domain/site/public-config.ts";

declare const __PUBLIC_CONFIG__: PublicConfig;

/** The whitelisted configuration fixed at build time (vite.config.ts). */
export const publicConfig: PublicConfig = __PUBLIC_CONFIG__;
export const brand = publicConfig.brand;
