import { z } from "zod";
import { uuidParam } from "./common";

// Identity API: full INE validation and electricity receipt validation (operations 10-12).
// Field messages follow the identity API's 422 body: {"message": "The given data was invalid.",
// "errors": {"field": ["..."]}}.

const required = (field: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? `The ${field} field is required.` : `The ${field} field must be a string.`) });
const text = (field: string, max: number) =>
  z
    .string(required(field))
    .trim()
    .min(1, `The ${field} field is required.`)
    .max(max, `The ${field} field must not be greater than ${max} characters.`);
export const webhookUrl = z
  .url({ protocol: /^https?$/, error: "The webhook field must be a valid http(s) URL." })
  .max(2048, "The webhook field must not be greater than 2048 characters.")
  .nullish()
  .transform((v) => v ?? null);

export const RECEIPT_AMOUNT = /^\d+(\.\d+)?$/;

export const createReceiptValidationBody = z
  .object({
    numero_servicio: text("numero_servicio", 30).meta({ description: "Service number as on the receipt.", example: "123456789012" }),
    nombre_titular: text("nombre_titular", 255).meta({ description: "Holder name as registered with the utility (compared after trimming, folding spaces and case).", example: "MARIA GUADALUPE PEREZ LOPEZ" }),
    importe: text("importe", 30)
      .regex(RECEIPT_AMOUNT, "The importe field must be an amount without currency sign or commas, such as 1234.50.")
      .meta({ description: "Amount without currency sign or commas; compared as a number (1234.5 equals 1234.50).", example: "1234.50" }),
    webhook: webhookUrl.meta({ description: "URL receiving a signed POST with the result when the validation reaches OK, DATOS_NO_COINCIDEN or ERROR." }),
  })
  .meta({ id: "CreateReceiptValidation" });

const isoWithOffset = z.string().meta({ description: "ISO 8601 with offset.", example: "2026-11-23T09:30:00.123-06:00" });

export const receiptValidationCreated = z
  .object({ uuid: z.uuid(), status: z.literal("pendiente"), created_at: isoWithOffset })
  .meta({ id: "ReceiptValidationCreated" });

export const officialReceiptData = z
  .object({
    titular: z.string(),
    domicilio: z.string(),
    numero_servicio: z.string(),
    periodo: z.string(),
    importe: z.string(),
    estado_recibo: z.string(),
    fecha_limite: z.string().meta({ description: "YYYY-MM-DD", example: "2026-11-14" }),
  })
  .meta({ id: "OfficialReceiptData" });

const receiptStatus = z.enum(["pendiente", "OK", "DATOS_NO_COINCIDEN", "ERROR"]);

export const receiptValidationResult = z
  .object({
    estado: receiptStatus,
    verificado: z.boolean().meta({ description: "true only when the data match the receipt the utility issued." }),
    mensaje: z.string(),
    codigo_rechazo: z.enum(["NOMBRE_NO_COINCIDE", "IMPORTE_NO_COINCIDE", "SERVICIO_NO_ENCONTRADO"]).nullable(),
    datos_oficiales: officialReceiptData.nullable().meta({ description: "The receipt as published; only when estado is OK (null otherwise, so nothing of a receipt is shown to whoever does not know its holder and amount)." }),
    pdf_url: z.string().nullable().meta({ description: "Signed URL of the receipt PDF, valid for 1 hour from this answer (a fresh one on every GET); null unless OK. After expiry it answers 403." }),
  })
  .meta({ id: "ReceiptValidationResult" });

/** The webhook body: operation 12's shape without job_id, webhook and raw_response. */
export const receiptValidationEvent = z
  .object({
    uuid: z.uuid(),
    status: receiptStatus,
    numero_servicio: z.string(),
    nombre_titular: z.string(),
    importe: z.string(),
    created_at: isoWithOffset,
    updated_at: isoWithOffset,
    result: receiptValidationResult,
    error_message: z.string().optional().meta({ description: "Only when status is ERROR." }),
  })
  .meta({ id: "ReceiptValidationEvent" });

export const receiptValidation = receiptValidationEvent
  .extend({
    job_id: z.string().meta({ description: "Internal identifier of the query, for support." }),
    webhook: z.string().nullable(),
    raw_response: z.record(z.string(), z.unknown()).meta({ description: "The portal's full answer without Base64 files (they are listed by name in archivos); {} while pendiente." }),
  })
  .meta({ id: "ReceiptValidation" });

export const validationParams = z.object({ uuid: uuidParam });
export const receiptPdfQuery = z.object({ expires: z.string().optional(), signature: z.string().optional() });

// Full INE validation

const digits = (field: string, n: number) => z.string(required(field)).trim().regex(new RegExp(`^\\d{${n}}$`), `The ${field} field must be ${n} digits.`);

const cardImage = (field: string) =>
  z
    .string(required(field))
    .regex(/^(data:image\/(jpeg|png|webp);base64,)?[A-Za-z0-9+/=\s]+$/, `The ${field} field must be a JPEG, PNG or WebP image as Base64 or a data URI.`)
    .optional();

export const createIneValidationBody = z
  .object({
    ine_front: cardImage("ine_front").meta({ description: "Photo or scan of the card's front (JPEG, PNG or WebP, Base64 or data URI, at most 10 MB), kept as evidence." }),
    ine_back: cardImage("ine_back").meta({ description: "Photo or scan of the card's back, the card filling the image (models E to H): its MRZ gives the CIC and the identificador del ciudadano." }),
    cic: digits("cic", 9).optional().meta({ description: "CIC, 9 digits (models E, F, G, H: on the back, after IDMEX).", example: "200000001" }),
    identificador_ciudadano: digits("identificador_ciudadano", 9).optional().meta({ description: "Citizen identifier, 9 digits (models E, F, G, H: the last 9 digits of the back's first MRZ line).", example: "100000001" }),
    ocr: digits("ocr", 13).optional().meta({ description: "OCR number, 13 digits (models C and D, on the back).", example: "0123100000001" }),
    clave_elector: z
      .string(required("clave_elector"))
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{6}\d{8}[HM]\d{3}$/, "The clave_elector field must be 6 letters, 8 digits, H or M and 3 digits.")
      .optional()
      .meta({ example: "PRLPMR85031209M800" }),
    numero_emision: digits("numero_emision", 2).optional().meta({ description: "Issue number, 2 digits (models C and D).", example: "01" }),
    selfie: cardImage("selfie").meta({ description: "With the card images: a photo of the holder's face (JPEG, PNG or WebP, Base64 or data URI), compared with the card's photo (faceComparison). Used for the comparison, not kept." }),
    model: z
      .enum(["D", "basic"], { error: "The model field must be D or basic." })
      .optional()
      .meta({ description: "Accepted for the identity service's clients; every model is read the same way (the MRZ tells the card)." }),
    webhook: webhookUrl.meta({ description: "URL receiving a signed POST with the validation when it is completed or failed." }),
  })
  .superRefine((v, ctx) => {
    if (v.selfie !== undefined && (v.ine_front === undefined || v.ine_back === undefined)) ctx.addIssue({ code: "custom", path: ["selfie"], message: "The selfie field needs ine_front and ine_back." });
    const images = v.ine_front !== undefined || v.ine_back !== undefined;
    const anyData = [v.cic, v.identificador_ciudadano, v.ocr, v.clave_elector, v.numero_emision].some((x) => x !== undefined);
    if (images) {
      if (anyData) ctx.addIssue({ code: "custom", path: ["ine_front"], message: "Send either the card images or the card data, not both." });
      for (const field of ["ine_front", "ine_back"] as const) if (v[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message: `The ${field} field is required when ${field === "ine_front" ? "ine_back" : "ine_front"} is present.` });
      return;
    }
    const modern = v.cic !== undefined || v.identificador_ciudadano !== undefined;
    const classic = v.clave_elector !== undefined || v.numero_emision !== undefined || v.ocr !== undefined;
    const need = (fields: (keyof typeof v)[], other: string) => {
      for (const field of fields) if (v[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message: `The ${field} field is required when ${other} is present.` });
    };
    if (!modern && !classic) {
      ctx.addIssue({ code: "custom", path: ["cic"], message: "The cic field is required when neither clave_elector nor ine_back is present." });
      ctx.addIssue({ code: "custom", path: ["clave_elector"], message: "The clave_elector field is required when neither cic nor ine_back is present." });
    } else if (modern) need(["cic", "identificador_ciudadano"], v.cic !== undefined ? "cic" : "identificador_ciudadano");
    else need(["clave_elector", "numero_emision", "ocr"], v.clave_elector !== undefined ? "clave_elector" : v.ocr !== undefined ? "ocr" : "numero_emision");
  })
  .meta({
    id: "CreateIneValidation",
    description: "Either the card images (ine_front + ine_back; the back's MRZ is read) or the card data checked against the voter roll: models E, F, G and H with cic + identificador_ciudadano; models C and D with clave_elector + numero_emision + ocr.",
  });

export const ineValidationCreated = z
  .object({ uuid: z.uuid(), status: z.literal("pending"), created_at: isoWithOffset })
  .meta({ id: "IneValidationCreated" });

const MRZ_FIELDS = ["type", "subtype", "issue_country", "doc_number", "check_sum", "first_optional", "date_birth", "birth_check", "sex", "expiration_date", "nacionality", "second_optional", "check_digit", "last_name", "last_name2", "first_name", "first_name2"] as const;

export const documentDatum = z
  .object({
    type: z.string().meta({ example: "Voter_Key" }),
    name: z.string().meta({ description: "Spanish label.", example: "Clave de Elector" }),
    value: z.string(),
    source: z.enum(["MRZ", "OCR", "BARCODE", "ExternalServices"]),
  })
  .meta({ id: "IneDocumentDatum" });

export const documentVerification = z
  .looseObject({
    key: z.string().nullable().meta({ example: "MrzIsDocumentNumberCheckDigitValid" }),
    name: z.string(),
    category: z.string().meta({ description: "Identification, DataFormat, DataIntegrity or Biometrics." }),
    result: z.string().meta({ description: "Ok or Error." }),
    output: z.string(),
    inputFields: z.array(z.looseObject({ name: z.string(), type: z.string(), value: z.string(), comments: z.string().nullable(), typeCode: z.number().int().optional() })).optional(),
    resultCode: z.number().int().optional(),
    categoryCode: z.number().int().optional(),
  })
  .meta({ id: "IneDocumentVerification" });

export const ineValidationResult = z
  .object({
    data: z.looseObject({
      object: z.literal("ine_validations").optional().meta({ description: "From card photos." }),
      status: z.boolean().meta({ description: "From card data: true when the credential is in the voter roll and current as an identification. From card photos: true only when every check made agrees: the voter roll says current, the MRZ is valid and not expired, the front agrees with the back (names, birth date, sex, expiry), the front was read well enough to compare them and its CURP, RENAPO holds the CURP as current with the same person, and, with a selfie, the faces match. When false, message names the first check that failed and documentVerifications lists it with result Error." }),
      message: z.string().meta({ example: "La credencial es válida" }),
      dataOcr: z
        .looseObject(Object.fromEntries(MRZ_FIELDS.map((f) => [f, z.string().optional()])) as Record<(typeof MRZ_FIELDS)[number], z.ZodOptional<z.ZodString>>)
        .meta({
          description:
            "From card photos: the back's MRZ fields as printed, all strings (date_birth and expiration_date YYMMDD, sex H or M; doc_number the CIC, first_optional the 13-digit OCR number); {} when the MRZ could not be read. From card data: cic, identificador_ciudadano, ocr, clave_elector, numero_emision, modelo.",
        }),
      documentInformation: z
        .looseObject({
          documentData: z.array(documentDatum).optional().meta({ description: "From card photos: each field read, with its source." }),
          documentVerifications: z.array(documentVerification).optional().meta({ description: "From card photos: each check (MRZ check digits, expiry, MRZ against the front, an unreadable front, CURP, RENAPO, face) with its result." }),
        })
        .meta({ description: "From card photos: documentData and documentVerifications. From card data: what the voter roll holds (tipo, modelo, estado_lista_nominal, vigencia…)." }),
      faceComparison: z.object({ result: z.boolean(), similarity: z.number().meta({ description: "0–100." }) }).optional().meta({ description: "When a selfie was sent." }),
      ineNominalList: z
        .looseObject({ status: z.boolean(), maintenance: z.boolean().optional().meta({ description: "true when the voter roll could not be asked now." }), message: z.string(), data: z.record(z.string(), z.string()).nullable().optional() })
        .optional()
        .meta({ description: "From card photos: the voter roll's verdict and record (CIC, Número OCR, Número de emisión, Año de registro…)." }),
      renapo: z
        .looseObject({ codigo: z.union([z.string(), z.number()]), status: z.boolean(), mensaje: z.string().meta({ example: "Búsqueda exitosa por curp" }), registros: z.array(z.looseObject({ curp: z.string() })) })
        .optional()
        .meta({ description: "From card photos: RENAPO looked up by the CURP on the front (codigo 01 found, 02 not found or not asked)." }),
    }),
    meta: z.object({ include: z.array(z.string()), custom: z.array(z.unknown()) }),
  })
  .meta({ id: "IneValidationResult" });

export const ineValidation = z
  .object({
    uuid: z.uuid(),
    status: z.enum(["pending", "processing", "completed", "failed"]),
    created_at: isoWithOffset,
    updated_at: isoWithOffset,
    result: ineValidationResult.optional().meta({ description: "Only when status is completed (the check ran; data.status says whether the credential is valid) or failed (it could not run)." }),
  })
  .meta({ id: "IneValidation" });
