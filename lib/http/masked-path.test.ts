import { describe, expect, it } from "vitest";
import { maskedPath } from "./masked-path";

const ID = "3f0c2a9e-5b7d-4c1e-9a8f-0123456789ab";
const TOKEN = "Qm9vdHN0cmFwLXRva2VuLW9mLTMyLWJ5dGVzLWxvbmc";

describe("maskedPath", () => {
  it.each([
    [`/v1/signatures/${ID}`, "/v1/signatures/3f0c…"],
    [`/v1/signatures/${ID}/sign`, "/v1/signatures/3f0c…/sign"],
    [`/v1/documents/${ID}/signatures/${ID}/link`, `/v1/documents/${ID}/signatures/3f0c…/link`],
    [`/signature/sign-document/${ID}`, "/signature/sign-document/3f0c…"],
    [`/identity/verify/${TOKEN}/files/selfie`, "/identity/verify/Qm9v…/files/selfie"],
    [`/identity/verify/${TOKEN}`, "/identity/verify/Qm9v…"],
    [`/confirm-email/${TOKEN}`, "/confirm-email/Qm9v…"],
    [`/reset-password/${TOKEN}`, "/reset-password/Qm9v…"],
    [`/invitations/${TOKEN}`, "/invitations/Qm9v…"],
  ])("keeps 4 characters of the bearer id in %s", (path, masked) => {
    expect(maskedPath(path)).toBe(masked);
  });

  it("leaves paths without a bearer id alone", () => {
    for (const path of [`/v1/documents/${ID}`, "/identity/verify/models/1/model.json", `/identity/v2/identity/sessions/${ID}/files/selfie`, "/v1/verify"]) expect(maskedPath(path)).toBe(path);
  });
});
