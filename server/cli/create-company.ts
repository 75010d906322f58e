// Creates a company and its first administrator in the configured database (DATABASE_URL, or
// the embedded one in DATA_DIR: stop the server first, it holds that folder). The password is
// read from ADMIN_PASSWORD, or asked for without echo; it is never a command-line argument,
// so it stays out of shell history and `ps`.
//   node server/cli/create-company.ts --code ACME --name "Acme Co." --username admin \
//     --first-name Ann --last-name Lee --email ann@acme.example --phone 0812345678
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createCompany } from '../services/create-company.ts';

const { values } = parseArgs({
  options: {
    code: { type: 'string' },
    name: { type: 'string' },
    username: { type: 'string', default: 'admin' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string' },
    'employee-id': { type: 'string', default: 'ADMIN-1' },
  },
});

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) throw new Error('Set ADMIN_PASSWORD (no terminal to ask for it).');
  process.stdout.write('Password for the administrator: ');
  process.stdin.setRawMode(true);
  process.stdin.resume();
  let typed = '';
  for await (const chunk of process.stdin) {
    for (const ch of String(chunk)) {
      if (ch === '\r' || ch === '\n') {
        process.stdin.setRawMode(false);
        process.stdin.pause();
        process.stdout.write('\n');
        return typed;
      }
      if (ch === '\u0003') process.exit(130);
      typed = ch === '\u007f' ? typed.slice(0, -1) : typed + ch;
    }
  }
  return typed;
}

const config = loadConfig();
let code = 0;
try {
  const password = await askPassword();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    await createCompany(database.db, {
      code: values.code ?? '',
      name: values.name ?? '',
      admin: {
        username: values.username ?? '',
        password,
        firstName: values['first-name'] ?? '',
        lastName: values['last-name'] ?? '',
        email: values.email ?? '',
        phone: values.phone ?? '',
        employeeId: values['employee-id'] ?? '',
      },
    });
    console.log(
      `Created company ${values.code}: sign in with company code ${values.code}, user ${values.username}.`,
    );
  } finally {
    await database.close();
  }
} catch (err) {
  code = 1;
  if (err instanceof z.ZodError) {
    for (const i of err.issues) console.error(`  ${i.path.join('.') || 'input'}: ${i.message}`);
  } else {
    console.error(`Cannot create the company: ${err instanceof Error ? err.message : String(err)}`);
  }
}
process.exit(code);
