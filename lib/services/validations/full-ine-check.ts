import { humanFaceAnalyzer, FACE_MATCH_THRESHOLD, type FaceAnalyzer } from "@/lib/adapters/faces/face-analyzer";
import { voterRoll } from "@/lib/adapters/ine/configured-voter-roll";
import type { VoterRoll, VoterRollAnswer } from "@/lib/adapters/ine/voter-roll";
import { cardPhotoRegion, type IneFrontReader } from "@/lib/adapters/ocr/ine-front-reader";
import { combinedIneFrontReader } from "@/lib/adapters/ocr/paddle-front-reader";
import { readProblem } from "@/lib/adapters/ocr/front-picture";
import { frontReadingFor } from "@/lib/adapters/ocr/front-reading-pool";
import { tesseractMrzReader, type MrzReader } from "@/lib/adapters/ocr/mrz-reader";
import { RegistryRefusedError, RegistryUnavailableError } from "@/lib/adapters/registry-http/post-registry";
import { curpRegistry } from "@/lib/adapters/renapo/configured-curp-registry";
import type { CurpRegistry, CurpRegistryAnswer } from "@/lib/adapters/renapo/curp-registry";
import type { IneCardData, IneValidationResult } from "@/lib/db/schema";
import { checkCurp } from "@/lib/mx/curp";
import { parseIneFront, type IneFront } from "@/lib/mx/ine-front";
import { mrzCheckDigit, parseIneMrz, type MrzRead } from "@/lib/mx/ine-mrz";
import { compareFrontAndBack, dmy, judgeIneValidation, renapoFinding, type Unavailable } from "./judge-ine-validation";
import { ineVerdict, renapoVerdict } from "./registry-verdicts";

export type FullIneDeps = { frontReader: IneFrontReader; mrzReader: MrzReader; faces: FaceAnalyzer; voterRoll: VoterRoll; curpRegistry: CurpRegistry; now: () => Date };

export function defaultFullIneDeps(): FullIneDeps {
  return { frontReader: combinedIneFrontReader, mrzReader: tesseractMrzReader, faces: humanFaceAnalyzer, voterRoll: voterRoll(), curpRegistry: curpRegistry(), now: () => new Date() };
}

/** `card`: what the MRZ gave (null when unreadable); `registryDown`: a registry could not answer now. */
export type FullIneOutcome = { status: "completed" | "failed"; result: IneValidationResult; card: IneCardData | null; registryDown: boolean };

/**
 * A full INE validation from the card's photos (and a selfie, when sent), answered at once in the
 * shape the identity service's clients read (the masked real answers in
 * shared/realworld/verificamex): the back's MRZ as `dataOcr` strings, every field read with its
 * source (`documentData`), each check as a `documentVerifications` entry, the voter roll as
 * `ineNominalList`, RENAPO by the front's CURP, and the face comparison. A registry that cannot
 * answer does not fail the call: its part says so (`maintenance`), and `status` is false.
 * `status` is true only when every check agrees (judge-ine-validation.ts), and `message` names
 * the first that did not. "failed" only when the back has no readable MRZ, or the front's picture
 * cannot be read (front-picture.ts): nothing can be checked. The front is read in the front
 * reading pool's thread; `waitsInLine`: a job's call waits its turn there, a request's may be
 * refused when the line is full (FrontReadingBusyError).
 */
export async function fullIneCheck(images: { front: Uint8Array; back: Uint8Array; selfie: Uint8Array | null }, deps: FullIneDeps = defaultFullIneDeps(), options: { waitsInLine?: boolean } = {}): Promise<FullIneOutcome> {
  const now = deps.now();
  const reading = frontReadingFor(deps.frontReader, options);
  const mrz = parseIneMrz(await deps.mrzReader.read(images.back), now);
  // A front the reader cannot read (no card, too small, blurred) is answered with why, before
  // any registry is asked: the client can send a better photo.
  // A small or blurred card is read first, and refused the same way unless its read vouches for itself.
  const picture = await reading.check(images.front);
  const refused = (problem: { message: string }) => ({ status: "failed" as const, result: body({ status: false, message: problem.message, mrz, front: parseIneFront([]), face: null, roll: null, renapo: null, now }), card: null, registryDown: false });
  if (picture.problem) return refused(picture.problem);
  const read = await reading.readWhole(images.front, picture.found);
  const { front } = read;
  const unreadable = readProblem(picture.found, read);
  if (unreadable) return refused(unreadable);
  const face = images.selfie ? await compareFaces(deps.faces, images.front, images.selfie) : null;

  if (!mrz.ok) {
    const message = `No se pudo leer la zona MRZ del reverso de la credencial (${mrz.reason}). Envía una foto nítida del reverso completo, de frente y sin reflejos.`;
    return { status: "failed", result: body({ status: false, message, mrz, front, face, roll: null, renapo: null, now }), card: null, registryDown: false };
  }
  const m = mrz.mrz;
  const roll = await ask(() => deps.voterRoll.check({ cic: m.cic, identificador_ciudadano: m.identificadorCiudadano, ocr: m.ocr, clave_elector: front.clave_elector, numero_emision: front.num_emisiones }));
  const renapo = front.curp ? await ask(() => deps.curpRegistry.lookUp(front.curp!)) : null;

  const { status, message } = judgeIneValidation({ mrz: m, front, roll, renapo, face, now });
  const card = { cic: m.cic, identificador_ciudadano: m.identificadorCiudadano, ocr: m.ocr, clave_elector: null, numero_emision: null };
  const registryDown = Boolean((roll && "unavailable" in roll) || (renapo && "unavailable" in renapo));
  return { status: "completed", result: body({ status, message, mrz, front, face, roll, renapo, now }), card, registryDown };
}

/** A registry's answer, or why it could not answer (the call goes on without it). */
async function ask<T>(question: () => Promise<T>): Promise<T | Unavailable> {
  try {
    return await question();
  } catch (err) {
    if (err instanceof RegistryUnavailableError || err instanceof RegistryRefusedError) return { unavailable: true, reason: err.message };
    throw err;
  }
}

/** The card's photo (or, when the photo region holds no face, the whole front) against the selfie. */
async function compareFaces(faces: FaceAnalyzer, front: Uint8Array, selfie: Uint8Array) {
  const cropped = await faces.read(await cardPhotoRegion(front));
  const card = cropped.face ? cropped : await faces.read(front);
  const person = await faces.read(selfie);
  const similarity = card.face && person.face ? await faces.similarity(card.face.embedding, person.face.embedding) : 0;
  return { result: similarity >= FACE_MATCH_THRESHOLD && person.faces === 1, similarity: Math.round(similarity * 10000) / 100, cardFaces: card.faces, selfieFaces: person.faces };
}

type Parts = {
  status: boolean;
  message: string;
  mrz: MrzRead;
  front: IneFront;
  face: Awaited<ReturnType<typeof compareFaces>> | null;
  roll: VoterRollAnswer | Unavailable | null;
  renapo: CurpRegistryAnswer | Unavailable | null;
  now: Date;
};

function body(p: Parts): IneValidationResult {
  const renapoPart =
    p.renapo && "estatus" in p.renapo
      ? renapoVerdict(p.renapo)
      : { codigo: "02", status: false, mensaje: p.renapo ? "RENAPO no está disponible; intenta de nuevo más tarde." : "No se pudo leer la CURP del frente de la credencial.", registros: [] };
  return {
    data: {
      object: "ine_validations",
      status: p.status,
      message: p.message,
      dataOcr: dataOcr(p.mrz),
      documentInformation: { documentData: documentData(p.mrz, p.front), documentVerifications: documentVerifications(p) },
      ...(p.face ? { faceComparison: { result: p.face.result, similarity: p.face.similarity } } : {}),
      ineNominalList: nominalList(p.mrz, p.front, p.roll),
      renapo: renapoPart,
    },
    meta: { include: [], custom: [] },
  };
}

/** The MRZ's fields as printed, strings all (dates YYMMDD), as the service's dataOcr names them; {} without three lines. */
function dataOcr(mrz: MrzRead): Record<string, string> {
  const [l1, l2, l3] = mrz.lines;
  if (!l1 || !l2 || !l3 || l1.length < 30 || l2.length < 30) return {};
  const [surnames = "", given = ""] = l3.replace(/<+$/, "").split("<<");
  const [last = "", ...last2] = surnames.split("<");
  const [first = "", ...first2] = given.split("<");
  return {
    type: l1[0]!,
    subtype: l1[1]!,
    issue_country: l1.slice(2, 5),
    doc_number: l1.slice(5, 14),
    check_sum: l1[14]!,
    first_optional: l1.slice(17, 30),
    date_birth: l2.slice(0, 6),
    birth_check: l2[6]!,
    sex: l2[7]!,
    expiration_date: l2.slice(8, 14),
    nacionality: l2.slice(15, 18),
    second_optional: l2.slice(18, 29),
    check_digit: l2[29]!,
    last_name: last,
    last_name2: last2.join(" "),
    spacing: "",
    first_name: first,
    first_name2: first2.join(" "),
  };
}


type Datum = { type: string; name: string; value: string | null | undefined; source: "MRZ" | "OCR" };

/** Every field read, with where it came from; fields not read are left out. */
function documentData(mrz: MrzRead, f: IneFront) {
  const m = mrz.ok ? mrz.mrz : null;
  const data: Datum[] = [
    ...(m
      ? ([
          { type: "Surname", name: "Apellido/s", value: [m.primerApellido, m.segundoApellido].filter(Boolean).join(" "), source: "MRZ" },
          { type: "Name", name: "Nombre", value: m.nombres, source: "MRZ" },
          { type: "Sex", name: "Sexo", value: m.sex, source: "MRZ" },
          { type: "Nationality", name: "Nacionalidad", value: "MEX", source: "MRZ" },
          { type: "IssuingState", name: "País de Emisión", value: "MEX", source: "MRZ" },
          { type: "DateOfExpiry", name: "Fecha de Expiración", value: dmy(m.expiry), source: "MRZ" },
          { type: "DateOfBirth", name: "Fecha de Nacimiento", value: dmy(m.birthDate), source: "MRZ" },
          { type: "DocumentNumber", name: "Número de Documento", value: m.cic, source: "MRZ" },
          { type: "PersonalNumber", name: "Número Personal", value: m.ocr, source: "MRZ" },
        ] satisfies Datum[])
      : []),
    { type: "Surname", name: "Apellido/s", value: [f.primer_apellido, f.segundo_apellido].filter(Boolean).join(" ") || null, source: "OCR" },
    { type: "FatherSurname", name: "Apellido Paterno", value: f.primer_apellido, source: "OCR" },
    { type: "MotherSurname", name: "Apellido Materno", value: f.segundo_apellido, source: "OCR" },
    { type: "Name", name: "Nombre", value: f.nombres, source: "OCR" },
    { type: "FullName", name: "Nombre Completo", value: f.nombre_completo, source: "OCR" },
    { type: "DateOfExpiry", name: "Fecha de Expiración", value: f.vigencia ? `31/12/${f.vigencia}` : null, source: "OCR" },
    { type: "DateOfBirth", name: "Fecha de Nacimiento", value: dmy(f.fecha_nacimiento), source: "OCR" },
    { type: "Sex", name: "Sexo", value: f.sexo, source: "OCR" },
    { type: "PersonalNumber", name: "Número Personal", value: f.curp, source: "OCR" },
    { type: "Voter_Key", name: "Clave de Elector", value: f.clave_elector, source: "OCR" },
    { type: "Section", name: "Sección", value: f.seccion, source: "OCR" },
    { type: "PermanentAddress", name: "Dirección", value: f.domicilio, source: "OCR" },
    { type: "Address_State", name: "Provincia/Estado de Residencia", value: f.estado, source: "OCR" },
    { type: "Address_Location", name: "Localidad de Residencia", value: f.localidad, source: "OCR" },
    { type: "Address_Municipality", name: "Delegación Municipio", value: f.municipio, source: "OCR" },
    { type: "NumberOfDuplicates", name: "Número de duplicados", value: f.num_emisiones, source: "OCR" },
  ];
  return data.filter((d): d is Datum & { value: string } => typeof d.value === "string" && d.value !== "");
}

const CATEGORY_CODES = { Identification: 0, DataFormat: 1, DataIntegrity: 2, Biometrics: 3 } as const;
type Category = keyof typeof CATEGORY_CODES;
type Field = { name: string; type: "Text"; value: string; comments: string | null; typeCode: 0 };

function verification(key: string, name: string, category: Category, ok: boolean, output: string, fields: [string, string][]) {
  return {
    key,
    name,
    category,
    // "Ok" or "Error"; resultCode 0 or 1 to match.
    result: ok ? "Ok" : "Error",
    output,
    inputFields: fields.map(([n, value]): Field => ({ name: n, type: "Text", value, comments: null, typeCode: 0 })),
    resultCode: ok ? 0 : 1,
    categoryCode: CATEGORY_CODES[category],
  };
}

/**
 * Each check with its outcome and what it looked at. The MRZ's check digits are computed here one
 * by one (parseIneMrz stops at the first that fails) so each gets its own verdict; cross-checks
 * that had only one source are left out rather than passed.
 */
function documentVerifications(p: Parts) {
  const [l1 = "", l2 = "", l3 = ""] = p.mrz.lines;
  const checks = [verification("TemplateSelected", "Identificación del Documento", "Identification", p.mrz.ok || Boolean(p.front.curp), p.mrz.ok ? "100" : "0", [["Template", "México - Credencial para votar"]])];
  if (l1.length === 30 && l2.length === 30) {
    const digit = (key: string, name: string, field: string, check: string) => verification(key, name, "DataFormat", mrzCheckDigit(field) === check, mrzCheckDigit(field), [["checkDigit", check]]);
    checks.push(
      verification("MrzHasInvalidCharacters", "MRZ: Contiene caracteres inválidos", "DataFormat", /^[A-Z0-9<]{90}$/.test(l1 + l2 + l3), "", [["MrzLine0", l1], ["MrzLine1", l2], ["MrzLine2", l3]]),
      digit("MrzIsDocumentNumberCheckDigitValid", "MRZ: Dígito de control del número de documento válido", l1.slice(5, 14), l1[14]!),
      digit("MrzIsDateOfExpiryCheckDigitValid", "MRZ: Dígito de control de la fecha de expiración válido", l2.slice(8, 14), l2[14]!),
      digit("MrzIsDateOfBirthCheckDigitValid", "MRZ: Dígito de control de la fecha de nacimiento válido", l2.slice(0, 6), l2[6]!),
      digit("MrzIsCompositeCheckDigitValid", "MRZ: Dígito de control compuesto válido", l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29), l2[29]!),
      verification("MrzIsSexValid", "MRZ: Sexo válido", "DataFormat", ["H", "M", "X", "<"].includes(l2[7]!), "", [["field", l2[7]!]]),
      verification("MrzIsNationalityCodeValid", "MRZ: Código de Nacionalidad válido", "DataFormat", l2.slice(15, 18) === "MEX", "", [["field", l2.slice(15, 18)]]),
      verification("MrzIsIssuingStateCodeValid", "MRZ: Código de País de Emisión válido", "DataFormat", l1.slice(2, 5) === "MEX", "", [["field", l1.slice(2, 5)]]),
      verification("MrzIsDocumentTypeValid", "MRZ: Tipo de Documento válido", "DataFormat", l1.startsWith("ID"), "", [["field", l1.slice(0, 2)]]),
    );
  }
  if (p.mrz.ok) {
    const m = p.mrz.mrz;
    const expired = m.expiry < p.now.toISOString().slice(0, 10);
    checks.push(verification("MrzHasDateExpired", "MRZ: Documento Expirado", "DataFormat", !expired, "", [["MRZ Date", `${l2.slice(8, 14)} (${dmy(m.expiry)})`]]));
    const comparisons = compareFrontAndBack(p.front, m);
    for (const c of comparisons) {
      if (c.ok !== null) checks.push(verification(c.key, c.name, "DataIntegrity", c.ok, c.ok ? "100" : "0", [["Texto MRZ", c.mrzValue], ["Texto OCR", c.ocrValue ?? ""]]));
    }
    const unread = comparisons.filter((c) => c.required && c.ok === null).map((c) => c.field);
    if (unread.length) checks.push(verification("MEX_VotingCard_Custom_FrontRead", "Frente legible para comparar", "Identification", false, "0", [["Campos no leídos", unread.join(", ")]]));
    if (p.front.curp) {
      const curpValid = checkCurp(p.front.curp).valid;
      checks.push(verification("MEX_VotingCard_Custom_Curp", "CURP", "DataIntegrity", curpValid, curpValid ? "100" : "0", [["CURP", p.front.curp]]));
      const renapo = renapoFinding({ renapo: p.renapo, front: p.front, mrz: m });
      if (renapo.kind !== "not-asked") {
        const registered = renapo.kind === "found";
        const output = { unavailable: "RENAPO no disponible", "not-found": "CURP no encontrada", withdrawn: "CURP dada de baja", found: "CURP vigente" }[renapo.kind];
        checks.push(verification("MEX_Renapo_Curp", "CURP registrada y vigente en RENAPO", "DataIntegrity", registered, output, [["CURP", p.front.curp]]));
        if (registered) checks.push(verification("MEX_Renapo_Data", "Datos de RENAPO iguales a los de la credencial", "DataIntegrity", renapo.disagree.length === 0, renapo.disagree.length ? "0" : "100", [["No coinciden", renapo.disagree.join(", ")]]));
      }
    }
  }
  if (p.face) {
    checks.push(verification("Biometrics_FaceMatching", "Comprobación Facial", "Biometrics", p.face.result, p.face.similarity.toFixed(2), [["Rostros en la credencial", String(p.face.cardFaces)], ["Rostros en la selfie", String(p.face.selfieFaces)]]));
  }
  return checks;
}

/** The voter roll's answer under the service's labels ("CIC", "Clave de elector"…), or why there is none. */
function nominalList(mrz: MrzRead, front: IneFront, roll: Parts["roll"]) {
  if (!roll) return { status: false, maintenance: false, message: `No se consultó la Lista Nominal: ${mrz.ok ? "la foto del frente no se pudo leer" : "el reverso no tiene una zona MRZ legible"}.`, data: null };
  if (!("estado" in roll)) return { status: false, maintenance: true, message: "El servicio de la Lista Nominal del INE no está disponible; intenta de nuevo más tarde.", data: null };
  const m = mrz.ok ? mrz.mrz : null;
  const r = roll.registro;
  const data: Record<string, string> = {};
  if (m) Object.assign(data, { CIC: m.cic, "Identificador del ciudadano": m.identificadorCiudadano, "Número OCR": m.ocr });
  if (front.clave_elector) data["Clave de elector"] = front.clave_elector;
  if (r) Object.assign(data, { "Número de emisión": r.numero_emision, "Año de registro": r.anio_registro, "Año de emisión": r.anio_emision, Sección: r.seccion, Vigencia: r.vigencia, Entidad: r.entidad, Modelo: r.modelo });
  return { status: ineVerdict(roll.estado).status, maintenance: false, message: ineVerdict(roll.estado).message, estado: roll.estado, data: Object.keys(data).length ? data : null };
}
