import { z } from "zod";
import { webhookUrl } from "./validations";

// Identity verification sessions (operation 9, version 3). Field messages follow the identity
// API's 422 body: {"message": "The given data was invalid.", "errors": {"validations.0": ["..."]}}.

// The same lists as lib/db/schema, which this layer may not import.
export const SESSION_VALIDATIONS = ["INE", "CURP", "LIVENESS_DETECTION"] as const;
export const SESSION_STATUSES = ["OPEN", "VERIFYING", "FINISHED", "FAILED"] as const;
export const SESSION_FILE_KINDS = ["ine_front", "ine_back", "selfie", "liveness"] as const;

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** A logo as an image data URI: 1.5 MB of Base64 is about 1 MB of image. */
const LOGO_DATA_URI = /^data:image\/(png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;
const MAX_LOGO_CHARS = 1_500_000;
const MAX_OPTIONALS_BYTES = 16_384;

const httpUrl = (field: string) =>
  z
    .url({ protocol: /^https?$/, error: (issue) => (issue.input === undefined ? `The ${field} field is required.` : `The ${field} field must be a valid http(s) URL.`) })
    .max(2048, `The ${field} field must not be greater than 2048 characters.`);

const color = (field: string) => z.string({ error: `The ${field} field must be a string.` }).regex(HEX_COLOR, `The ${field} field must be a hexadecimal color such as #1A2B3C.`);

export const customBranding = z
  .object({
    primary_color: color("custom_branding.primary_color")
      .optional()
      .meta({ description: "The verification page's buttons and progress bars; the buttons' text is white, or black where white would not reach 4.5:1 contrast (WCAG AA).", example: "#0B5FFF" }),
    secondary_color: color("custom_branding.secondary_color").optional().meta({ description: "The progress bars' track.", example: "#F5F7FA" }),
    logo: z
      .string({ error: "The custom_branding.logo field must be a string." })
      .max(MAX_LOGO_CHARS, "The custom_branding.logo field must not be greater than 1 MB.")
      .refine((v) => LOGO_DATA_URI.test(v) || httpUrl("custom_branding.logo").safeParse(v).success, "The custom_branding.logo field must be an http(s) URL or an image data URI (data:image/png;base64,…).")
      .optional()
      .meta({ description: "URL of the logo, or the image as a Base64 data URI (PNG, JPEG, WebP or SVG, up to about 1 MB)." }),
  })
  .meta({ id: "CustomBranding" });

export const createSessionV3Body = z
  .object({
    validations: z
      .array(z.enum(SESSION_VALIDATIONS, { error: "The selected validation is invalid: use INE, CURP or LIVENESS_DETECTION." }), {
        error: "The validations field must be an array.",
      })
      .min(1, "The validations field must have at least 1 item.")
      .optional()
      // Asking twice for a check is asking once.
      .transform((v) => (v ? [...new Set(v)] : ["INE", "CURP"]) as (typeof SESSION_VALIDATIONS)[number][])
      .meta({ description: "Checks to run. Default `[\"INE\", \"CURP\"]`; repeated values count once." }),
    redirect_url: httpUrl("redirect_url")
      .nullish()
      .transform((v) => v ?? null)
      .meta({ description: "Where the person is sent when the verification page is done." }),
    webhook: webhookUrl.meta({ description: "URL receiving a signed POST on every change of the session's status." }),
    with_webhook_binaries: z.boolean({ error: "The with_webhook_binaries field must be true or false." }).default(true),
    only_mobile_devices: z.boolean({ error: "The only_mobile_devices field must be true or false." }).default(false),
    phone_number: z
      .string({ error: "The phone_number field must be a string." })
      .regex(/^\d{10}$/, "The phone_number field must be 10 digits (national format, no +52).")
      .nullish()
      .transform((v) => v ?? null)
      .meta({ description: "Sends the verification link by WhatsApp to this Mexican number.", example: "5512345678" }),
    optionals: z
      .record(z.string(), z.unknown(), { error: "The optionals field must be an object." })
      .refine((v) => Buffer.byteLength(JSON.stringify(v)) <= MAX_OPTIONALS_BYTES, "The optionals field must not be greater than 16 KB.")
      .nullish()
      .transform((v) => v ?? null)
      .meta({ description: "Your own data, returned exactly as sent in the webhook and the detail (up to 16 KB of JSON)." }),
    custom_branding: z
      .union([customBranding, z.null()], { error: "The custom_branding field must be an object." })
      .optional()
      .transform((v) => (v && Object.keys(v).length ? v : null)),
  })
  .meta({ id: "CreateIdentitySessionV3" });

/** Version 2's colors are written #RRGGBB, as the identity service's clients send them. */
const rgbColor = (field: string) =>
  z.string({ error: `The ${field} field must be a string.` }).regex(/^#[0-9a-fA-F]{6}$/, `The ${field} field must be a hexadecimal color #RRGGBB, such as #1A2B3C.`);

/** The names of version 2's five colors, in the order the identity service documents them. */
export const V2_COLORS = ["button_color", "background_color", "primary_color", "secondary_color", "button_text_color"] as const;

const v2Customization = z
  .object(Object.fromEntries(V2_COLORS.map((name) => [name, rgbColor(`customization.${name}`).optional()])) as Record<(typeof V2_COLORS)[number], z.ZodOptional<z.ZodString>>, {
    error: "The customization field must be an object.",
  })
  .meta({
    id: "SessionCustomization",
    description:
      "The verification page's colors, each #RRGGBB: `button_color` (buttons; `primary_color` when absent), `button_text_color` (the buttons' text), `background_color` (the page), `primary_color` (progress bars), `secondary_color` (the progress bars' track). Stored and echoed as sent. Text stays readable (WCAG 2.1 AA, contrast at least 4.5:1): a `button_text_color` below that on the button's color is replaced on the page by black or white, whichever contrasts more, and the page's text is black or white, whichever contrasts more with `background_color`.",
    example: { button_color: "#0B5FFF", background_color: "#FFFFFF", primary_color: "#0B5FFF", secondary_color: "#E8EEFF", button_text_color: "#FFFFFF" },
  });

const logo = (field: string) =>
  z
    .string({ error: `The ${field} field must be a string.` })
    .max(MAX_LOGO_CHARS, `The ${field} field must not be greater than 1 MB.`)
    .refine((v) => LOGO_DATA_URI.test(v) || httpUrl(field).safeParse(v).success, `The ${field} field must be an http(s) URL or an image data URI (data:image/png;base64,…).`);

/**
 * Version 2 creation: validations and redirect_url required, no liveness, `customization` with
 * five colors and a separate `logo`. It is turned into version 3's input, so one service creates
 * both and both versions read the same session.
 */
export const createSessionV2Body = z
  .object({
    validations: z
      .array(
        z.enum(["INE", "CURP"], {
          error: (issue) => (issue.input === "LIVENESS_DETECTION" ? "LIVENESS_DETECTION is only available in version 3 (POST /identity/v3/identity/sessions)." : "The selected validation is invalid: use INE or CURP."),
        }),
        { error: (issue) => (issue.input === undefined ? "The validations field is required." : "The validations field must be an array.") },
      )
      .min(1, "The validations field must have at least 1 item.")
      .meta({ description: "Checks to run: INE and/or CURP." }),
    redirect_url: httpUrl("redirect_url").meta({ description: "Required in version 2." }),
    webhook: webhookUrl,
    with_webhook_binaries: z.boolean({ error: "The with_webhook_binaries field must be true or false." }).default(true),
    only_mobile_devices: z.boolean({ error: "The only_mobile_devices field must be true or false." }).default(false),
    phone_number: createSessionV3Body.shape.phone_number,
    optionals: createSessionV3Body.shape.optionals,
    customization: v2Customization.nullish(),
    logo: logo("logo").nullish(),
  })
  .transform(({ customization, logo, validations, ...rest }) => {
    const branding = { ...(customization ?? {}), ...(logo ? { logo } : {}) };
    return {
      ...rest,
      validations: [...new Set(validations)] as (typeof SESSION_VALIDATIONS)[number][],
      custom_branding: Object.keys(branding).length ? branding : null,
    };
  })
  .meta({ id: "CreateIdentitySessionV2" });

const isoWithOffset = z.string().meta({ description: "ISO 8601 with offset.", example: "2026-11-23T09:30:00.123-06:00" });

export const identitySessionV3 = z
  .object({
    uuid: z.uuid(),
    status: z.enum(SESSION_STATUSES),
    created_at: isoWithOffset,
    updated_at: isoWithOffset,
    verification_url: z.string().meta({ description: "The page the person opens: its own unguessable token, not the uuid." }),
    webhook: z.string().nullable(),
    with_webhook_binaries: z.boolean(),
    custom_branding: customBranding.nullable(),
    redirect_url: z.string().nullable(),
    result: z.number().int().nullable().meta({ description: "null until FINISHED (percentage 0–100 of the requested checks that passed; verified only at 100); 0 when FAILED." }),
  })
  .meta({ id: "IdentitySessionV3" });

// Version 2: lookup and listing (both versions address the same sessions).

const INCLUDES = ["ine", "renapo", "files"] as const;

export const sessionV2Params = z.object({ id: z.string() });

export const sessionV2Query = z.object({
  include: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parts = v ? [...new Set(v.split(",").map((p) => p.trim()).filter(Boolean))] : [];
      const unknown = parts.filter((p) => !(INCLUDES as readonly string[]).includes(p));
      if (unknown.length) ctx.addIssue({ code: "custom", message: `The include field may only list ine, renapo and files (not ${unknown.join(", ")}).` });
      return parts as (typeof INCLUDES)[number][];
    })
    .meta({ description: "Comma-separated: `ine` (voter-roll answer), `renapo` (CURP registry answer), `files` (signed, expiring URLs of the captured images).", example: "ine,renapo,files" }),
});

export const sessionListQuery = z.object({
  page: z.coerce.number({ error: "The page field must be an integer." }).int("The page field must be an integer.").min(1, "The page field must be at least 1.").default(1),
  per_page: z.coerce
    .number({ error: "The per_page field must be an integer." })
    .int("The per_page field must be an integer.")
    .min(1, "The per_page field must be at least 1.")
    .max(100, "The per_page field must not be greater than 100.")
    .default(15),
  status: z.enum(SESSION_STATUSES, { error: "The status field must be OPEN, VERIFYING, FINISHED or FAILED." }).optional(),
});

/** RENAPO's record in its own field names, as the identity service's clients read it. */
export const renapoRegistro = z
  .object({
    curp: z.string(),
    nombres: z.string(),
    primerApellido: z.string(),
    segundoApellido: z.string(),
    sexo: z.string().meta({ description: "HOMBRE, MUJER or NO BINARIO." }),
    fechaNacimiento: z.string().meta({ description: "DD/MM/YYYY", example: "12/03/1985" }),
    nacionalidad: z.string(),
    entidad: z.string().meta({ description: "State of birth, by name." }),
    claveEntidad: z.string().meta({ description: "State of birth, by its two-letter CURP code." }),
    statusCurp: z.string().meta({ description: "RENAPO's status code (AN, AH, RCN, RCC current; B… withdrawn)." }),
    statusCurpDesc: z.string(),
  })
  .meta({ id: "RenapoRegistro" });

const OCR_FRONT_FIELDS = ["nombres", "primer_apellido", "segundo_apellido", "nombre_completo", "curp", "clave_elector", "fecha_nacimiento", "sexo", "seccion", "vigencia", "domicilio", "anio_registro", "anio_emision", "num_emisiones", "estado", "municipio", "localidad"] as const;
const VERIFICATION_FIELDS = ["curp_valido", "fecha_nacimiento_match", "sexo_match", "nombre_match", "seccion_match", "clave_elector_match", "numero_emision_match"] as const;

export const identitySessionV2 = z
  .object({
    object: z.literal("VerificationSession").meta({
      description: "The reference does not show the detail; this is the name the identity service's clients compare in its webhooks and answers, so the detail, the list, the creation and the webhook all say VerificationSession.",
    }),
    id: z.uuid(),
    status: z.enum(SESSION_STATUSES),
    result: z.number().int().nullable(),
    validations: z.array(z.enum(SESSION_VALIDATIONS)),
    optionals: z.record(z.string(), z.unknown()).nullable().meta({ description: "Exactly as sent at creation." }),
    customization: z
      .object(Object.fromEntries(V2_COLORS.map((name) => [name, z.string().optional()])) as Record<(typeof V2_COLORS)[number], z.ZodOptional<z.ZodString>>)
      .nullable()
      .meta({ description: "The page's colors as sent (version 2's `customization`, or the colors of version 3's `custom_branding`); null when none were sent. The logo is not repeated here." }),
    only_mobile_devices: z.boolean(),
    redirect_url: z.string().nullable(),
    webhook: z.string().nullable(),
    form_url: z.string().meta({ description: "The verification page (version 3 calls it verification_url)." }),
    created_at: isoWithOffset,
    updated_at: isoWithOffset,
    document_data: z
      .object({ cic: z.string().nullable(), curp: z.string().nullable(), id_ciudadano: z.string().nullable() })
      .nullable()
      .meta({ description: "From the card (CIC and citizen id from the back's MRZ, CURP from the front); null until the checks ran." }),
    ocr: z
      .object({
        ocr_frontal: z
          .object(Object.fromEntries(OCR_FRONT_FIELDS.map((f) => [f, z.string().nullable()])) as Record<(typeof OCR_FRONT_FIELDS)[number], z.ZodNullable<z.ZodString>>)
          .meta({ description: "The front as read: each field null when it could not be read. fecha_nacimiento is YYYY-MM-DD; vigencia is the year the card expires; seccion has 4 digits; estado (2 digits), municipio (3) and localidad (4) are printed on 2014–2019 fronts (models E/F) only." }),
        ocr_reverso: z.object({ mrz: z.array(z.string()).nullable().meta({ description: "The three MRZ lines as read (after the look-alike repairs the check digits allow)." }) }),
      })
      .nullable()
      .meta({ description: "null until the checks ran." }),
    verifications: z
      .object(Object.fromEntries(VERIFICATION_FIELDS.map((f) => [f, z.boolean().nullable()])) as Record<(typeof VERIFICATION_FIELDS)[number], z.ZodNullable<z.ZodBoolean>>)
      .nullable()
      .meta({ description: "Cross-checks between the front, the MRZ, the CURP and RENAPO: each null when fewer than two sources had the field; the object null until the checks ran." }),
    errors: z
      .array(z.string())
      .nullable()
      .meta({ description: "Why the session did not fully pass: the checks' errors (registro_no_disponible, missing_images…) and each failed validation's reasons (rostro_no_coincide, lista_nominal_reportada…); null when there are none or the checks have not run.", example: ["rostro_no_coincide"] }),
    comments: z
      .array(z.object({ id: z.uuid(), body: z.string(), created_at: isoWithOffset }))
      .optional()
      .meta({ description: "In the detail and the webhook: the reviewers' notes on the session (dashboard review), oldest first." }),
    ine: z
      .looseObject({
        estado: z.enum(["VIGENTE", "NO_VIGENTE", "REPORTADA", "NO_ENCONTRADA"]),
        data: z.object({
          result: z.object({
            status: z.boolean().meta({ description: "true only when the credential is current (VIGENTE)." }),
            message: z.string().meta({ example: "La credencial es válida" }),
            estado: z.string(),
          }),
        }),
      })
      .nullable()
      .optional()
      .meta({ description: "With include=ine: the voter roll's answer (estado VIGENTE, NO_VIGENTE, REPORTADA or NO_ENCONTRADA; registro; consultado_en) and its verdict at data.result; null until asked." }),
    renapo: z
      .looseObject({
        estatus: z.enum(["ENCONTRADA", "NO_ENCONTRADA"]),
        data: z.object({
          result: z.object({
            status: z.boolean().meta({ description: "true when RENAPO holds the CURP." }),
            message: z.string().meta({ example: "Búsqueda exitosa por curp" }),
            codigo: z.string().meta({ description: "01 found, 02 not found." }),
            registros: z.array(renapoRegistro),
          }),
        }),
      })
      .nullable()
      .optional()
      .meta({ description: "With include=renapo: RENAPO's answer (estatus, persona with estatus_curp, consultado_en) and its verdict and record at data.result (registros[0].curp…); null until asked." }),
    files: z
      .array(
        z.object({
          object: z.literal("file"),
          id: z.string().meta({ description: "The image's content address (SHA-256)." }),
          file_type: z.enum(SESSION_FILE_KINDS),
          mime_type: z.string().nullable(),
          size: z.number().int().nullable().meta({ description: "Bytes." }),
          url: z.string().meta({ description: "Signed URL valid 1 hour, no API key needed." }),
          created_at: isoWithOffset.nullable(),
          updated_at: isoWithOffset.nullable(),
          type: z.enum(SESSION_FILE_KINDS).meta({ description: "Same as file_type (the earlier name)." }),
          expires_at: isoWithOffset,
        }),
      )
      .optional()
      .meta({ description: "With include=files (and in webhooks unless with_webhook_binaries is false): the captured images as signed URLs valid 1 hour, no API key needed." }),
  })
  .meta({ id: "IdentitySessionV2" });

export const identitySessionV2Body = z
  .object({ data: identitySessionV2, meta: z.object({ include: z.array(z.enum(INCLUDES)).optional().meta({ description: "In the detail: what include added." }) }) })
  .meta({ id: "IdentitySessionV2Envelope" });
export const identitySessionV2List = z
  .object({
    data: z.array(identitySessionV2),
    meta: z.object({ current_page: z.number().int(), per_page: z.number().int(), total: z.number().int(), last_page: z.number().int() }),
  })
  .meta({ id: "IdentitySessionV2List" });
