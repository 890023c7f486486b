import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from './eventually';

/** A mail's text with quoted-printable soft breaks and `=3D` undone, so links read whole. */
function decoded(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

/** Every mail to `email` in the local outbox (MAIL_OUTBOX_DIR), oldest first, decoded. */
export function mailsTo(outboxDir: string, email: string): string[] {
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .filter((name) => name.endsWith(`${email}.eml`))
    .sort()
    .map((name) => decoded(readFileSync(join(outboxDir, name), 'utf8')));
}

/** The token of the newest link to `path` (e.g. `/verify-email`) mailed to `email`, once a job has written it. */
export function mailedToken(outboxDir: string, email: string, path: string): Promise<string> {
  return eventually(() => {
    const tokens = mailsTo(outboxDir, email).flatMap((mail) => {
      const match = new RegExp(`${path}\\?token=([\\w-]+)`).exec(mail);
      return match ? [match[1]] : [];
    });
    if (tokens.length === 0) throw new Error(`no ${path} link mailed to ${email} yet`);
    return tokens[tokens.length - 1];
  });
}
