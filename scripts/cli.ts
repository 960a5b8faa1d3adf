// `npm run cli -- <command>`: works whether or not the app runs. It uses DATABASE_URL, or
// attaches to the embedded cluster the app is running, or starts that cluster for itself.
import fs from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { closeDb, getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { closeQueue } from "@/lib/jobs/queue";
import { saveDemoLogin } from "@/lib/runtime/demo-login";
import { openDatabase, type OpenedDatabase } from "@/lib/runtime/open-database";
import { emailSchema, passwordSchema, personNameSchema } from "@/lib/schemas/account";
import { curp, rfc } from "@/lib/schemas/signing";
import { createApiKey } from "@/lib/services/api-keys/create-api-key";
import { seedDemo, DEMO_EMAIL } from "@/lib/services/seed/seed-demo";
import { setTransactions } from "@/lib/services/quota/set-transactions";
import { createUser } from "@/lib/services/users/create-user";
import { findUserByEmail } from "@/lib/services/users/find-user";
import { AppError } from "@/lib/errors";
import { createTestCertificate, revokeTestCertificate } from "@/lib/services/signing/test-certificates";
import { sandboxIdentityFiles } from "@/lib/adapters/ine/sandbox-identity";
import { SANDBOX_VOTERS } from "@/lib/adapters/ine/sandbox-voters";

const HELP = `Rúbrica CLI

  user:create --email E --password P [--name N] [--admin]
  api-key:create --email E [--name N]     prints the new key alone on the last line
  db:migrate                              applies migrations (also done at every start)
  db:seed                                 creates the demo user, folder and API key and prints them
  test-cert:create --type EFIRMA|FIREL|TEPJF --name N --rfc R --curp C --password P --out DIR
                                          a sandbox signer certificate: DIR/<RFC>_<TYPE>.cer and .key (as SAT issues them)
  quota:set --email E --transactions N    identity transactions the user has left (sessions, INE validations)
  test-cert:revoke --cer FILE             revokes a sandbox certificate (the sandbox OCSP says "revoked")
  sandbox:identity --person N --out DIR   images for an identity session with sandbox person N (1-4): INE front and
                                          back, selfie, and variants that fail one check each (no database needed)
`;

/** Commands that touch no database: the embedded cluster is not started for them. */
const OFFLINE = new Set(["sandbox:identity"]);

type Flags = Record<string, string | boolean | undefined>;

const commands: Record<string, (flags: Flags) => Promise<void>> = {
  async "user:create"(flags) {
    const input = z
      .object({ email: emailSchema, password: passwordSchema, name: personNameSchema.optional(), admin: z.boolean().optional() })
      .parse(flags);
    const user = await createUser(getDb(), {
      email: input.email,
      password: input.password,
      name: input.name ?? input.email.split("@")[0]!,
      role: input.admin ? "admin" : "user",
    });
    console.log(`Created ${user.role} ${user.email} (${user.id}) with the folder "mis documentos".`);
  },
  async "api-key:create"(flags) {
    const input = z.object({ email: emailSchema, name: z.string().min(1).max(80).default("cli") }).parse(flags);
    const user = await findUserByEmail(getDb(), input.email);
    if (!user) throw new AppError("NOT_FOUND", `No user with e-mail ${input.email}.`);
    const { apiKey, key } = await createApiKey(getDb(), { userId: user.id }, { name: input.name });
    console.log(`API key "${apiKey.name}" for ${user.email} (shown once):`);
    console.log(key);
  },
  async "quota:set"(flags) {
    const input = z.object({ email: emailSchema, transactions: z.coerce.number().int().min(0) }).parse(flags);
    const row = await setTransactions(getDb(), input.email, input.transactions);
    console.log(`${row.email} has ${row.transactions} identity transactions.`);
  },
  async "test-cert:create"(flags) {
    const input = z
      .object({
        type: z.enum(["EFIRMA", "FIREL", "TEPJF"]),
        name: personNameSchema,
        rfc,
        curp,
        password: z.string().min(1),
        out: z.string().min(1),
      })
      .parse(flags);
    const made = await createTestCertificate({ ...input, outDir: input.out });
    console.log(`Sandbox ${input.type} certificate ${made.certificateNumber} for ${input.name}:\n  ${made.cer}\n  ${made.key}`);
  },
  async "test-cert:revoke"(flags) {
    const input = z.object({ cer: z.string().min(1) }).parse(flags);
    const revoked = revokeTestCertificate(input.cer);
    console.log(`Revoked ${revoked.type} certificate ${revoked.certificateNumber}.`);
  },
  async "sandbox:identity"(flags) {
    const person = `a sandbox person, 1 to ${SANDBOX_VOTERS.length}`;
    const input = z
      .object({
        person: z.coerce.number({ error: person }).int(person).min(1, person).max(SANDBOX_VOTERS.length, person),
        out: z.string({ error: "the folder to write the images to" }).min(1),
      })
      .parse(flags);
    const files = await sandboxIdentityFiles(input.person);
    await fs.mkdir(input.out, { recursive: true });
    console.log(`Sandbox person ${input.person}, in ${path.resolve(input.out)}:`);
    for (const file of files) {
      await fs.writeFile(path.join(input.out, file.name), file.bytes);
      console.log(`  ${file.name.padEnd(27)} ${file.outcome}`);
    }
  },
  async "db:migrate"() {
    console.log("Migrations applied.");
  },
  async "db:seed"() {
    const login = await seedDemo(getDb());
    if (!login) {
      console.log(`The demo user ${DEMO_EMAIL} exists already; its login is in ${env().DATA_DIR}/demo-login.json if this install made it.`);
      return;
    }
    saveDemoLogin(env().DATA_DIR, login);
    console.log(`Demo user: ${login.email}\nPassword: ${login.password}\nFolder: ${login.folder}\nAPI key: ${login.apiKey}`);
  },
};

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const run = command ? commands[command] : undefined;
  if (!run) {
    console.log(HELP);
    return command && command !== "help" ? 2 : 0;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      admin: { type: "boolean" },
      type: { type: "string" },
      rfc: { type: "string" },
      curp: { type: "string" },
      out: { type: "string" },
      cer: { type: "string" },
      transactions: { type: "string" },
      person: { type: "string" },
    },
    strict: true,
  });
  let database: OpenedDatabase | undefined;
  try {
    if (!OFFLINE.has(command!)) database = await openDatabase();
    await run(values);
    return 0;
  } catch (err) {
    if (err instanceof z.ZodError) console.error(err.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("\n"));
    else if (err instanceof AppError) console.error(err.message);
    else console.error(err);
    return 1;
  } finally {
    await closeQueue();
    await closeDb();
    await database?.close();
  }
}

main().then((code) => process.exit(code));
