/**
 * Addresses existing integrations of the identity API really call, mapped to ours (issue 15):
 * - a base URL configured with a trailing "/" makes "//identity/v3/…": repeated slashes in the
 *   path are one;
 * - some clients call "/v2/identity/sessions/{id}" or "/v1/validations/basic" without the
 *   "/identity" prefix, which the service they were written for also answers.
 * The signing API has no /v1/validations or /v1/miscellaneous, so the aliases cannot shadow it.
 * Only the path changes; the query string is kept as sent.
 */
const UNPREFIXED = /^\/(v2\/identity|v3\/identity|v1\/validations|v1\/miscellaneous)(\/|$)/;

export function canonicalApiUrl(url: string): string {
  const cut = url.search(/[?#]/);
  const [path, rest] = cut === -1 ? [url, ""] : [url.slice(0, cut), url.slice(cut)];
  const collapsed = path.replace(/\/{2,}/g, "/");
  const prefixed = UNPREFIXED.test(collapsed) ? `/identity${collapsed}` : collapsed;
  return prefixed + rest;
}
