import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { storedFiles } from "./documents";
import { users } from "./users";

const ts = (name: string) => timestamp(name, { precision: 6, withTimezone: true });

export const RECEIPT_STATUSES = ["pendiente", "OK", "DATOS_NO_COINCIDEN", "ERROR"] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/** A receipt as the utility issued it (holder, address, period, amount, state, due date). */
export type OfficialReceipt = {
  titular: string;
  domicilio: string;
  numero_servicio: string;
  periodo: string;
  importe: string;
  estado_recibo: string;
  fecha_limite: string;
};

/** The outcome of a receipt query as the API shows it in `result` (pdf_url is signed at read time). */
export type ReceiptOutcome = {
  estado: Exclude<ReceiptStatus, "pendiente">;
  verificado: boolean;
  mensaje: string;
  codigo_rechazo: "NOMBRE_NO_COINCIDE" | "IMPORTE_NO_COINCIDE" | "SERVICIO_NO_ENCONTRADO" | null;
  datos_oficiales: OfficialReceipt | null;
};

/** An electricity receipt validation (operations 11 and 12): queued, then queried by a job. */
export const receiptValidations = pgTable(
  "receipt_validations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<ReceiptStatus>().notNull().default("pendiente"),
    numeroServicio: text("numero_servicio").notNull(),
    nombreTitular: text("nombre_titular").notNull(),
    importe: text("importe").notNull(),
    webhook: text("webhook"),
    /** The pg-boss job that queries the portal: the reference's job_id, for support. */
    jobId: text("job_id"),
    outcome: jsonb("outcome").$type<ReceiptOutcome>(),
    /** The portal's answer without Base64 files (they are listed by name). */
    rawResponse: jsonb("raw_response").$type<Record<string, unknown>>(),
    receiptPdfHash: text("receipt_pdf_hash").references(() => storedFiles.sha256),
    errorMessage: text("error_message"),
    /** Queries tried so far; transient portal failures are retried up to a limit, then ERROR. */
    attempts: integer("attempts").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("receipt_validations_user_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export const INE_VALIDATION_STATUSES = ["pending", "processing", "completed", "failed"] as const;
export type IneValidationStatus = (typeof INE_VALIDATION_STATUSES)[number];

/** The card data a full INE validation checks against the voter roll (lista nominal). */
export type IneCardData = {
  cic: string | null;
  identificador_ciudadano: string | null;
  ocr: string | null;
  clave_elector: string | null;
  numero_emision: string | null;
};

/**
 * The reference's result: data (status, message, dataOcr, documentInformation) and meta; from card
 * photos also faceComparison, ineNominalList and renapo (lib/services/validations/full-ine-check.ts).
 */
export type IneValidationResult = {
  data: { status: boolean; message: string; dataOcr: Record<string, unknown>; documentInformation: Record<string, unknown>; [more: string]: unknown };
  meta: { include: string[]; custom: unknown[] };
};

/** A full INE validation (operation 10): queued, then checked against the voter roll by a job. */
export const ineValidations = pgTable(
  "ine_validations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<IneValidationStatus>().notNull().default("pending"),
    /** data: the card data was sent; images: it is read from the back's MRZ by the job. */
    source: text("source").$type<"data" | "images">().notNull().default("data"),
    /** With images: the card data as the job read it (all null until then). */
    card: jsonb("card").$type<IneCardData>().notNull(),
    frontHash: text("front_hash").references(() => storedFiles.sha256),
    backHash: text("back_hash").references(() => storedFiles.sha256),
    webhook: text("webhook"),
    jobId: text("job_id"),
    result: jsonb("result").$type<IneValidationResult>(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("ine_validations_user_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export type ReceiptValidation = typeof receiptValidations.$inferSelect;
export type IneValidation = typeof ineValidations.$inferSelect;
