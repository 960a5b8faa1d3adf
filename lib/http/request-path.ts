/**
 * The path a page was asked for, set on the request by proxy.ts (server components have no URL):
 * the sign-in redirect carries it back. proxy.ts always overwrites what a client may have sent.
 */
export const REQUEST_PATH_HEADER = "x-rubrica-request-path";
