import { ParsedMail, simpleParser } from 'mailparser';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from './eventually';

/** The messages in the local outbox whose key contains `keyPart` (keys name the files), oldest first. */
export async function outboxMessages(dir: string, keyPart: string): Promise<ParsedMail[]> {
  const files = readdirSync(dir)
    .filter((file) => file.includes(keyPart))
    .sort();
  return Promise.all(files.map((file) => simpleParser(readFileSync(join(dir, file)))));
}

/** Waits for exactly `count` messages matching `keyPart` and answers them. */
export async function awaitMessages(dir: string, keyPart: string, count = 1): Promise<ParsedMail[]> {
  return eventually(async () => {
    const messages = await outboxMessages(dir, keyPart);
    return messages.length >= count && messages;
  });
}
