import { createContext, redirect, type RouterContextProvider } from "react-router";
import { getMe, type Me } from "#domain/accounts/me-contracts.ts";
import { ApiError, call } from "./call.ts";

/** The signed-in user, read once per navigation by a layout's guard; loaders below read it from here. */
export const meContext = createContext<Me>();

/**
 * A layout route's guard (its `clientMiddleware`): reads /api/me before any loader below runs,
 * sends a visitor without a session to sign in and a user of the other area to their own.
 */
export function requireSignedIn(belongsHere: (me: Me) => boolean, elsewhere: string) {
  return async ({ context }: { context: Readonly<RouterContextProvider> }): Promise<void> => {
    let me: Me;
    try {
      me = await call(getMe);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) throw redirect("/VendorLogin");
      throw error;
    }
    if (!belongsHere(me)) throw redirect(elsewhere);
    context.set(meContext, me);
  };
}
