/** Who is acting: a signed-in person or an API key of a user. Services take it, never a Request. */
export type Actor = {
  userId: string;
  role: "user" | "admin";
  via: "session" | "apiKey";
  apiKeyId?: string;
};
