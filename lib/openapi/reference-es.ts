import { DESCRIPTIONS_ES } from "./descriptions-es";
import { RESPONSES_ES } from "./responses-es";

/**
 * The API reference page (/docs) in Spanish: the reference's sections, each operation's summary
 * and (descriptions-es.ts) its long description and (responses-es.ts) its answers'. The OpenAPI document itself (/openapi.json, for
 * machines and generated clients) stays English, as do field names, paths, the fields'
 * descriptions and error messages; a unit test keeps these lists complete.
 */
export const TAGS_ES: Record<string, string> = {
  System: "Sistema",
  "Signing API": "API de firma",
  "Signing link (public)": "Enlace de firma (público)",
  "Verification (public)": "Verificación de documentos (pública)",
  "Identity: validations": "Identidad: validaciones",
  "Identity: sessions": "Identidad: sesiones",
  "Identity: verification page": "Identidad: página de verificación",
  Dashboard: "Panel",
  "Templates and bulk sending": "Plantillas y envíos masivos",
};

export const SUMMARIES_ES: Record<string, string> = {
  getHealth: "Estado del servicio",
  getMe: "La cuenta de una llave de API",
  listContainerDocuments: "1. Listar los documentos de una carpeta",
  createDocument: "Subir un documento",
  getDocument: "2. Ver un documento",
  updateDocument: "3. Cambiar firmantes y avisos",
  cancelDocument: "Cancelar un documento",
  downloadDocumentPdf: "4. Descargar el PDF",
  downloadDocumentXml: "5. Descargar el registro XML de firmas",
  downloadAuditTrail: "Descargar la bitácora",
  downloadConstancy: "Descargar la constancia de conservación",
  resendSigningNotice: "Reenviar a un firmante su enlace",
  revealSigningLink: "El enlace personal de un firmante, para copiarlo",
  listCompanies: "6. Listar carpetas de trabajo",
  createCompany: "Crear una carpeta de trabajo",
  getCompany: "7. Ver una carpeta de trabajo",
  updateCompany: "Cambiar una carpeta de trabajo",
  deleteCompany: "Borrar una carpeta vacía",
  listCompanyMembers: "Miembros de una carpeta",
  inviteCompanyMember: "Compartir una carpeta",
  listCompanyInvitations: "Invitaciones de una carpeta sin responder",
  withdrawCompanyInvitation: "Retirar una invitación sin responder",
  listMyFolderInvitations: "Invitaciones a carpetas que esperan tu respuesta",
  acceptFolderInvitation: "Aceptar una invitación: unirse a la carpeta",
  declineFolderInvitation: "Rechazar una invitación",
  removeCompanyMember: "Quitar a un miembro, o salir de una carpeta compartida",
  viewSigningLink: "A qué lleva un enlace de firma",
  readSigningDocument: "El PDF que lee quien firma",
  signWithCertificate: "Firmar con un certificado (e.firma, FIREL, TEPJF) o con identidad verificada (RUBRICA)",
  startSignerVerification: "RUBRICA: verificar la identidad de quien firma",
  issueSignerCertificate: "RUBRICA: certificar la llave del navegador de quien firma",
  rejectSigning: "Rechazar la firma, con un motivo",
  verifyHash: "Verificar por huella (el código QR de la hoja de firmas)",
  verifyFile: "Verificar un PDF, un registro XML o una constancia",
  createIneValidation: "Crear una validación completa de INE",
  showIneValidation: "Ver una validación completa de INE",
  createReceiptValidation: "Crear una validación de recibo de luz",
  showReceiptValidation: "Ver una validación de recibo de luz",
  downloadReceiptPdf: "Descargar el PDF del recibo (URL firmada)",
  createIdentitySessionV3: "Crear una sesión de verificación (versión 3)",
  createIdentitySessionV2: "Crear una sesión de verificación (versión 2)",
  listIdentitySessionsV2: "Listar sesiones de verificación (versión 2)",
  showIdentitySessionV2: "Ver una sesión de verificación (versión 2)",
  downloadIdentitySessionFile: "Descargar una imagen capturada (URL firmada)",
  captureVerificationImage: "Página de verificación: enviar una captura",
  submitVerification: "Página de verificación: iniciar las revisiones",
  verificationStatus: "Página de verificación: estado",
  verificationFaceReaderFile: "Página de verificación: archivos del lector de rostros",
  listApiKeys: "Listar tus llaves de API",
  createApiKey: "Crear una llave de API",
  revokeApiKey: "Revocar una llave de API",
  listWebhookDeliveries: "Bitácora de envíos de webhooks",
  redeliverWebhook: "Enviar de nuevo un webhook, ya",
  sendTestWebhook: "Enviar un evento de prueba a una URL",
  getSigningWebhook: "A dónde van los eventos de firma",
  setSigningWebhook: "Elegir a dónde van los eventos de firma",
  listTemplates: "Listar las plantillas",
  createTemplate: "Guardar una plantilla",
  getTemplate: "Ver una plantilla",
  deleteTemplate: "Borrar una plantilla",
  createDocumentFromTemplate: "Crear un documento desde una plantilla",
  startBulkSend: "Enviar una plantilla a muchas personas",
  getBulkSend: "Seguir un envío masivo",
  setApiKeyEmbedOrigins: "Sitios que pueden insertar la firma de una llave",
};

/** What each section holds, in Spanish (the English is in document.ts). */
export const TAG_DESCRIPTIONS_ES: Record<string, string> = {
  System: "Para comprobar que el servicio responde y que una llave de API sirve.",
  "Signing API": "Documentos, firmantes y carpetas de trabajo: subir un PDF, enviarlo a firmar, seguirlo y descargar el resultado.",
  "Signing link (public)": "Lo que usa la página de firma con el enlace personal de cada firmante: leer el documento, verificar la identidad, firmar o rechazar.",
  "Verification (public)": "Cualquiera puede comprobar si un PDF, un registro XML o una constancia son auténticos.",
  "Identity: validations": "Validar una credencial INE o un recibo de luz con los registros oficiales.",
  "Identity: sessions": "Sesiones de verificación: un enlace para que una persona muestre su INE y su rostro desde el teléfono.",
  "Identity: verification page": "Lo que usa la página de verificación; documentado para quien haga su propia interfaz.",
  Dashboard: "Lo que usa el panel con la sesión iniciada: llaves de API y webhooks.",
  "Templates and bulk sending": "Plantillas reutilizables y envíos de una plantilla a muchas personas a partir de un CSV.",
};

type Operation = { operationId?: string; summary?: string; description?: string; tags?: string[]; responses?: Record<string, { description?: string }> };
type Document = { info: { description?: string }; paths: Record<string, Record<string, unknown>>; tags?: Array<{ name: string; description?: string }> };

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

/**
 * The document as /docs shows it in `locale`: in Spanish, with the Spanish introduction, section
 * names and descriptions, and operation summaries and descriptions; in English, as it is. A copy: the cached document is never changed.
 */
export function localizedReference<D extends Document>(doc: D, locale: "es" | "en", introEs: string): D {
  if (locale === "en") return doc;
  const copy = structuredClone(doc);
  copy.info.description = introEs;
  for (const item of Object.values(copy.paths)) {
    for (const [method, value] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const op = value as Operation;
      op.summary = (op.operationId && SUMMARIES_ES[op.operationId]) || op.summary;
      op.description = (op.operationId && DESCRIPTIONS_ES[op.operationId]) || op.description;
      op.tags = op.tags?.map((t) => TAGS_ES[t] ?? t);
      for (const response of Object.values(op.responses ?? {})) response.description = (response.description && RESPONSES_ES[response.description]) || response.description;
    }
  }
  copy.tags = copy.tags?.map((t) => ({ ...t, name: TAGS_ES[t.name] ?? t.name, description: TAG_DESCRIPTIONS_ES[t.name] ?? t.description }));
  return copy;
}
