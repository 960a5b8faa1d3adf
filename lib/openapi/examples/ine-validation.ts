// Examples of the synchronous full INE validation for the OpenAPI document: answers the sandbox
// gave for person 1's card (sandbox voter 1 with sandbox face 1; another sandbox face as the other
// selfie), lists trimmed. app/identity/v1/validations/basic/sync.int.test.ts checks that each is
// still the sandbox's answer with parts left out, so they cannot drift from what the API says.

/** The request as a client sends it in JSON (the Base64 shortened here). */
export const ineValidationRequestExamples = {
  dataUris: {
    summary: "Card photos and a selfie as data URIs (Base64 shortened)",
    value: { ine_front: "data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD…", ine_back: "data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD…", selfie: "data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD…", model: "D" },
  },
  rawBase64: {
    summary: "Card photos as raw Base64, no selfie (Base64 shortened)",
    value: { ine_front: "/9j/4AAQSkZJRgABAQAAAQABAAD…", ine_back: "/9j/4AAQSkZJRgABAQAAAQABAAD…", model: "basic" },
  },
};

export const ineValidationAnswerExamples = {
  cardAndSelfie: {
    summary: "Sandbox person 1: current credential, the selfie matches (lists trimmed)",
    value: {
      data: {
        object: "ine_validations",
        status: true,
        message: "La credencial es válida",
        dataOcr: {
          type: "I",
          subtype: "D",
          issue_country: "MEX",
          doc_number: "200000001",
          check_sum: "5",
          first_optional: "0123100000001",
          date_birth: "850312",
          birth_check: "7",
          sex: "M",
          expiration_date: "311231",
          nacionality: "MEX",
          second_optional: "<01<<00001<",
          check_digit: "6",
          last_name: "PEREZ",
          last_name2: "LOPEZ",
          spacing: "",
          first_name: "MARIA",
          first_name2: "GUADALUPE",
        },
        documentInformation: {
          documentData: [
            { type: "Surname", name: "Apellido/s", value: "PEREZ LOPEZ", source: "MRZ" },
            { type: "Name", name: "Nombre", value: "MARIA GUADALUPE", source: "MRZ" },
            { type: "Sex", name: "Sexo", value: "M", source: "MRZ" },
            { type: "Nationality", name: "Nacionalidad", value: "MEX", source: "MRZ" },
            { type: "IssuingState", name: "País de Emisión", value: "MEX", source: "MRZ" },
            { type: "DateOfExpiry", name: "Fecha de Expiración", value: "31/12/2031", source: "MRZ" },
          ],
          documentVerifications: [
            {
              key: "TemplateSelected",
              name: "Identificación del Documento",
              category: "Identification",
              result: "Ok",
              output: "100",
              inputFields: [{ name: "Template", type: "Text", value: "México - Credencial para votar", comments: null, typeCode: 0 }],
              resultCode: 0,
              categoryCode: 0,
            },
            {
              key: "MrzHasInvalidCharacters",
              name: "MRZ: Contiene caracteres inválidos",
              category: "DataFormat",
              result: "Ok",
              output: "",
              inputFields: [
                { name: "MrzLine0", type: "Text", value: "IDMEX2000000015<<0123100000001", comments: null, typeCode: 0 },
                { name: "MrzLine1", type: "Text", value: "8503127M3112319MEX<01<<00001<6", comments: null, typeCode: 0 },
                { name: "MrzLine2", type: "Text", value: "PEREZ<LOPEZ<<MARIA<GUADALUPE<<", comments: null, typeCode: 0 },
              ],
              resultCode: 0,
              categoryCode: 1,
            },
            {
              key: "MrzIsDocumentNumberCheckDigitValid",
              name: "MRZ: Dígito de control del número de documento válido",
              category: "DataFormat",
              result: "Ok",
              output: "5",
              inputFields: [{ name: "checkDigit", type: "Text", value: "5", comments: null, typeCode: 0 }],
              resultCode: 0,
              categoryCode: 1,
            },
          ],
        },
        faceComparison: { result: true, similarity: 91 },
        ineNominalList: {
          status: true,
          maintenance: false,
          message: "La credencial es válida",
          estado: "VIGENTE",
          data: {
            CIC: "200000001",
            "Identificador del ciudadano": "100000001",
            "Número OCR": "0123100000001",
            "Clave de elector": "PRLPMR85031209M800",
            "Número de emisión": "01",
            "Año de registro": "2003",
            "Año de emisión": "2021",
            "Sección": "0123",
            Vigencia: "2031",
            Entidad: "CIUDAD DE MÉXICO",
            Modelo: "G",
          },
        },
        renapo: {
          codigo: "01",
          status: true,
          mensaje: "Búsqueda exitosa por curp",
          registros: [
            {
              curp: "PELG850312MDFRPD00",
              nombres: "MARIA GUADALUPE",
              primerApellido: "PEREZ",
              segundoApellido: "LOPEZ",
              sexo: "MUJER",
              fechaNacimiento: "12/03/1985",
              nacionalidad: "MEX",
              entidad: "CIUDAD DE MÉXICO",
              claveEntidad: "DF",
              statusCurp: "AN",
              statusCurpDesc: "Alta normal",
            },
          ],
        },
      },
      meta: { include: [], custom: [] },
    },
  },
  anotherFace: {
    summary: "Sandbox person 1's card with another person's selfie: faceComparison.result false (parts left out)",
    value: {
      data: {
        object: "ine_validations",
        status: false,
        message: "El rostro de la selfie no coincide con el de la credencial",
        faceComparison: { result: false, similarity: 28 },
        ineNominalList: { status: true, maintenance: false, message: "La credencial es válida", estado: "VIGENTE" },
        renapo: { codigo: "01", status: true, mensaje: "Búsqueda exitosa por curp" },
      },
      meta: { include: [], custom: [] },
    },
  },
};
