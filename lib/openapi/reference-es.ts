/**
 * The API reference page (/docs) in Spanish: the reference's sections and each operation's
 * summary, which are what a reader scans in Scalar's sidebar and headings. The OpenAPI document
 * itself (/openapi.json, for machines and generated clients) stays English, as do field names,
 * paths, error messages and the long descriptions; a unit test keeps this list complete.
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

type Operation = { operationId?: string; summary?: string; tags?: string[] };
type Document = { info: { description?: string }; paths: Record<string, Record<string, unknown>>; tags?: Array<{ name: string; description?: string }> };

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

/**
 * The document as /docs shows it in `locale`: in Spanish, with the Spanish introduction, section
 * names and summaries; in English, as it is. A copy: the cached document is never changed.
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
      op.tags = op.tags?.map((t) => TAGS_ES[t] ?? t);
    }
  }
  copy.tags = copy.tags?.map((t) => ({ ...t, name: TAGS_ES[t.name] ?? t.name }));
  return copy;
}
