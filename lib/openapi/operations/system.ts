import { errorBody } from "@/lib/schemas/common";
import { healthResponse, meResponse } from "@/lib/schemas/system";
import type { Operation } from "../registry";

export const systemOperations: Operation[] = [
  {
    method: "get",
    path: "/api/health",
    operationId: "getHealth",
    summary: "Health check",
    description: "200 when the application and its database answer; 503 with `db: \"error\"` otherwise. No authentication.",
    tags: ["System"],
    security: "none",
    responses: { 200: { description: "Healthy.", schema: healthResponse }, 503: { description: "The database does not answer.", schema: healthResponse } },
  },
  {
    method: "get",
    path: "/v1/me",
    operationId: "getMe",
    summary: "The user behind an API key",
    description:
      "A cheap way for an integrator to check a key. Every API route accepts the key as `Authorization: Bearer <key>` or as `X-Api-Key: <key>`; a missing, unknown or revoked key answers 401 `{\"message\":\"Unauthorized\"}`.",
    tags: ["System"],
    security: "apiKey",
    responses: { 200: { description: "The key's user.", schema: meResponse }, 401: { description: "Missing or invalid key.", schema: errorBody } },
  },
];
