// The worker thread of lib/services/signing/verify-off-thread.ts. The checks it runs (pkijs,
// xmldom, xml-crypto, through lib/pdf and lib/xml) are TypeScript, so this loads them with tsx,
// which `npm start` already runs the server with; like lib/pdf's workers it is loaded by Node
// from the app's folder, past the bundler.
import { tsImport } from "tsx/esm/api";

await tsImport("./verification-thread.ts", import.meta.url);
