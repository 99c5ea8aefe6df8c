import { cookieConsentStorageKey } from "#domain/site/timing.ts";

export const cookieConsentBannerId = "cookie-consent";

/**
 * Runs in <head> before the body paints: a visitor who already chose never sees the prerendered
 * banner, and a first visit paints it with the page instead of after hydration.
 */
export const hideAnsweredCookieConsentScript = `try{if(localStorage.getItem(${JSON.stringify(cookieConsentStorageKey)})!==null)document.head.insertAdjacentHTML("beforeend","<style>#${cookieConsentBannerId}{display:none}</style>")}catch(e){}`;
/** Without JavaScript the banner's buttons cannot work, so it is not shown. */
export const cookieConsentNoScriptStyle = `#${cookieConsentBannerId}{display:none}`;
