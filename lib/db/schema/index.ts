export * from "./users";
export * from "./work-folders";
export * from "./api-keys";
export * from "./audit-events";
export * from "./webhooks";
export * from "./messages";
export * from "./documents";
export * from "./validations";
