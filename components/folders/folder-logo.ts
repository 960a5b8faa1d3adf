/** The logo is stored as bare Base64 (as the reference returns it); its first bytes say PNG or JPEG. */
export function logoSrc(base64: string): string | null {
  if (!base64) return null;
  const type = base64.startsWith("iVBOR") ? "image/png" : base64.startsWith("/9j/") ? "image/jpeg" : null;
  return type ? `data:${type};base64,${base64}` : null;
}

/** A chosen image file as bare Base64. */
export function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export const MAX_LOGO_BYTES = 1024 * 1024;
