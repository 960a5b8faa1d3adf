/** Who is acting: a signed-in person or an API key of a user. Services take it, never a Request. */
export type Actor = {
  userId: string;
  role: "user" | "admin";
  /** The user's language, for localized labels in API answers (folder roles). */
  locale: "es" | "en";
  via: "session" | "apiKey";
  apiKeyId?: string;
};
