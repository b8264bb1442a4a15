/**
 * npm run demo:links — prints a working letter link (what the QR code encodes) for every demo
 * file. Links are signed with SESSION_SECRET, so they work on a server started with the same one.
 */
import { createLetterToken } from '../server/auth/letter-links.ts';
import { demoFiles } from '../server/demo/catalogue.ts';
import { variants } from '../server/variants/config.ts';
import { publicUrl } from '../server/variants/public-url.ts';

for (const file of demoFiles) {
  const token = createLetterToken(file.refno, file.subcase ?? 1, { validDays: 30 });
  console.log(`${file.refno.padEnd(10)} ${publicUrl(variants[file.variant], `/l/${token}`)}`);
}
console.log('\nEach link works once and for 30 days; run the command again for fresh ones.');
