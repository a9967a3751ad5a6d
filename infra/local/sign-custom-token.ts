/**
 * `npm run twin:custom-token -- <email> [minutes]`: prints a custom token (issue 17 item 3) for
 * `email`, signed with the twin's trusted key (./custom-token.ts), valid `minutes` (default 5), and
 * the address that signs in with it on the twin at PORT (default 5173): `#custom_token=<token>`.
 * Local development only; the twin's stack is the only one that trusts this key.
 */
import { ensureCustomTokenKey, signCustomToken } from './custom-token';

const [email, minutes = '5'] = process.argv.slice(2);
if (!email || !/^[^\s@]+@[^\s@]+$/.test(email) || !/^\d+$/.test(minutes)) {
  console.error('Usage: npm run twin:custom-token -- <email> [minutes]');
  process.exit(2);
}
const token = signCustomToken(ensureCustomTokenKey(), email, { ttlSeconds: Number(minutes) * 60 });
console.log(token);
console.log(`\nOpen: http://localhost:${process.env.PORT ?? 5173}/#custom_token=${token}`);
