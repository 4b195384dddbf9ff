import { createInterface } from "node:readline/promises";
import { ADMIN_USERNAME, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "#domain/auth.ts";
import { runDatabaseCommand } from "./cli";
import { createAuthService } from "./services/auth.service";
import { createRateLimitService } from "./services/rate-limit.service";
import { createSecretSource } from "./services/secrets.service";

// `npm run admin:set-password`: sets the admin password (creating the account if needed) and
// signs out every session of it. The password is read from ADMIN_PASSWORD or typed at the
// prompt, never taken from the command line, where shell history and `ps` would keep it.

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) return line;
    return "";
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Hide what is typed: echo nothing after the prompt text.
  const output = prompt as unknown as { _writeToOutput?: (text: string) => void };
  const question = prompt.question("New admin password: ");
  output._writeToOutput = () => {};
  const answer = await question;
  prompt.close();
  process.stdout.write("\n");
  return answer;
}

const password = await readPassword();
if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
  console.error(`Error: the password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters long`);
  process.exit(1);
}

await runDatabaseCommand(async ({ db }) => {
  const auth = createAuthService(db, createRateLimitService(db), {
    deviceSecret: createSecretSource(db, "device-cookies"),
  });
  await auth.setPassword(ADMIN_USERNAME, password);
  return `Admin password changed; every admin session was signed out.`;
});
