/**
 * Paths whose id is a bearer secret: whoever has the URL may act (sign, reject, capture a face).
 * Logs keep the route and the id's first 4 characters, enough to tell requests apart, not to
 * rebuild the link.
 */
const BEARER_SEGMENTS = [
  /^(\/v1\/signatures\/)([^/]+)/, // the signer's link, and its /document, /sign, /reject, /identity
  /^(\/v1\/documents\/[^/]+\/signatures\/)([^/]+)/, // the owner revealing a signer's link
  /^(\/signature\/sign-document\/)([^/]+)/, // the signing page
  /^(\/identity\/verify\/)(?!models\/)([^/]+)/, // the verification page's token and its captures
  /^(\/(?:confirm-email|reset-password|invitations)\/)([^/]+)/, // mailed account links (and their server actions)
];

export function maskedPath(pathname: string): string {
  for (const pattern of BEARER_SEGMENTS) {
    const masked = pathname.replace(pattern, (_, route: string, id: string) => `${route}${id.slice(0, 4)}…`);
    if (masked !== pathname) return masked;
  }
  return pathname;
}
