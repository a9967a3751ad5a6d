/**
 * What the sandbox remembers (issue 12, "Red de pruebas"), persisted under its state directory so
 * a twin restart keeps issued tokens valid:
 * - `state.json`: the OAuth clients (deterministic ids, random secrets made once), the grants
 *   (one per approved consent), the authorization codes and the tokens. Codes and tokens are kept
 *   by their SHA-256 only: the file never holds a usable token. Rewritten atomically on each change.
 * - `requests.jsonl`: the request records (masked, see `maskFields`), appended one per line and
 *   compacted to the newest RECORDS_CAP on load or when the file grows past twice that.
 * Consents waiting for a decision live in memory only (a restart asks again).
 */
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { OAUTH_NETWORKS, type OAuthNetwork, type SocialNetwork } from '@director-ia/shared';

/** Newest request records kept (older ones are dropped). */
export const RECORDS_CAP = 1000;
/** Lifetime of an authorization code, ms (the networks use 30 s to 10 min; the brief says 10 min). */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** Lifetime of a consent page waiting for Autorizar or Cancelar, ms. */
export const PENDING_TTL_MS = 10 * 60 * 1000;
/** Expired tokens are kept this long (so the API can say "expired" rather than "invalid"), ms. */
const EXPIRED_KEPT_MS = 24 * 60 * 60 * 1000;

export interface SandboxClient {
  clientId: string;
  clientSecret: string;
}

/** One approved consent: what a code exchange creates and what revocation removes. */
export interface Grant {
  id: string;
  network: OAuthNetwork;
  clientId: string;
  scopes: string[];
  /** The consent asked for offline access (refresh tokens), where the network makes that a choice. */
  offline: boolean;
  createdAt: number;
}

export type TokenKind = 'access' | 'refresh' | 'page';

export interface IssuedToken {
  grantId: string;
  kind: TokenKind;
  /** Epoch ms; null = does not expire. */
  expiresAt: number | null;
  /** Meta: a long-lived user token (its page tokens do not expire). */
  longLived?: boolean;
  /** Meta page tokens: the page. */
  pageId?: string;
}

export interface IssuedCode {
  network: OAuthNetwork;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  offline: boolean;
  /** PKCE S256 challenge, when the consent carried one. */
  challenge: string | null;
  expiresAt: number;
  /** Set on the first exchange: a second one is refused (the networks say "used" for it). */
  usedAt: number | null;
}

/** A consent page shown, waiting for the owner's decision (memory only). */
export interface PendingConsent {
  network: OAuthNetwork;
  clientId: string;
  redirectUri: string;
  state: string;
  scopes: string[];
  offline: boolean;
  challenge: string | null;
  expiresAt: number;
}

/** One request the sandbox received (see the module header of ./index.ts). */
export interface SandboxRequestRecord {
  network: SocialNetwork;
  method: string;
  /** Path without the `/<network>` prefix, bot tokens masked, e.g. `/api/me/accounts`, `/api/bot***\/getMe`. */
  path: string;
  query: Record<string, string>;
  /** Form fields or JSON body (masked), or null. */
  body: Record<string, unknown> | null;
  status: number;
  /** ISO 8601. */
  time: string;
  /** The injected fault that hit this request (./faults.ts): `429`, `500`, `lost` or `slow`. */
  fault?: string;
}

interface StateFile {
  version: 1;
  clients: Record<OAuthNetwork, SandboxClient>;
  /** HMAC key of Meta page tokens (the same page token for the same grant and page, as Meta does). */
  pageTokenKey: string;
  grants: Record<string, Grant>;
  tokens: Record<string, IssuedToken>;
  codes: Record<string, IssuedCode>;
}

/** SHA-256 of a token or code, base64url: how they are kept. */
export const digest = (value: string): string => createHash('sha256').update(value).digest('base64url');

/** A random token of `bytes` random bytes, base64url, after `prefix`. */
export const randomToken = (prefix: string, bytes = 32): string => `${prefix}${randomBytes(bytes).toString('base64url')}`;

/** Field names whose values a record never shows (the OAuth state too: with a code it completes a connection). */
const MASKED_FIELD = /^(code|code_verifier|state)$|token|secret|password|assertion/i;

/** `fields` with every token, secret, code and state value replaced by '***' (nested objects too). */
export function maskFields(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      MASKED_FIELD.test(key) ? '***' : value !== null && typeof value === 'object' && !Array.isArray(value) ? maskFields(value as Record<string, unknown>) : value,
    ]),
  );
}

/** Longest string value a request record keeps in full (base64 media would bloat the records). */
const RECORD_STRING_MAX = 2000;
/** Query parameters that make a URL a credential (presigned S3 URLs and the like). */
const SIGNED_QUERY = /[?&](X-Amz-Signature|X-Amz-Credential|Signature|sig|token|access_token)=/i;

/** A field value as a record keeps it: signed URLs without their query, long strings clipped. */
function recordValue(value: unknown): unknown {
  if (typeof value === 'string') {
    if (/^https?:\/\//i.test(value) && SIGNED_QUERY.test(value)) return `${value.split('?')[0]}?***`;
    return value.length > RECORD_STRING_MAX ? `${value.slice(0, 64)}… (${value.length} characters)` : value;
  }
  if (Array.isArray(value)) return value.map(recordValue);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, recordValue(inner)]));
  return value;
}

/** `fields` as a request record keeps them: `maskFields`, then signed URLs masked and long strings clipped. */
export const recordFields = (fields: Record<string, unknown>): Record<string, unknown> => recordValue(maskFields(fields)) as Record<string, unknown>;

/** The sandbox's state (see the module header). `clock` = epoch ms now. */
export class SandboxStore {
  private state: StateFile;
  private records: SandboxRequestRecord[] = [];
  private recordLines = 0;
  private readonly pending = new Map<string, PendingConsent>();
  private readonly stateFile: string;
  private readonly recordsFile: string;

  constructor(
    directory: string,
    private readonly clock: () => number,
  ) {
    mkdirSync(directory, { recursive: true });
    this.stateFile = path.join(directory, 'state.json');
    this.recordsFile = path.join(directory, 'requests.jsonl');
    this.state = this.loadState();
    this.loadRecords();
    this.prune();
    this.save();
  }

  private loadState(): StateFile {
    const fresh: StateFile = {
      version: 1,
      clients: Object.fromEntries(OAUTH_NETWORKS.map((network) => [network, { clientId: `sandbox-${network}`, clientSecret: randomToken('sbx-secret-', 24) }])) as StateFile['clients'],
      pageTokenKey: randomBytes(32).toString('base64url'),
      grants: {},
      tokens: {},
      codes: {},
    };
    if (!existsSync(this.stateFile)) return fresh;
    const saved = JSON.parse(readFileSync(this.stateFile, 'utf8')) as Partial<StateFile>;
    // A network added since the file was written gets its client now; existing secrets stay.
    return { ...fresh, ...saved, clients: { ...fresh.clients, ...saved.clients } };
  }

  private loadRecords(): void {
    if (!existsSync(this.recordsFile)) return;
    const lines = readFileSync(this.recordsFile, 'utf8').split('\n').filter((line) => line.trim() !== '');
    for (const line of lines) {
      try {
        this.records.push(JSON.parse(line) as SandboxRequestRecord);
      } catch {
        // A line cut short by a crash mid-append: skip it.
      }
    }
    this.compactRecords();
  }

  private compactRecords(): void {
    this.records = this.records.slice(-RECORDS_CAP);
    const tmp = `${this.recordsFile}.tmp`;
    writeFileSync(tmp, this.records.map((record) => `${JSON.stringify(record)}\n`).join(''));
    renameSync(tmp, this.recordsFile);
    this.recordLines = this.records.length;
  }

  /** Drops used or expired codes and tokens expired long ago. */
  private prune(): void {
    const now = this.clock();
    for (const [hash, code] of Object.entries(this.state.codes)) if (code.expiresAt <= now) delete this.state.codes[hash];
    for (const [hash, token] of Object.entries(this.state.tokens)) {
      if ((token.expiresAt !== null && token.expiresAt + EXPIRED_KEPT_MS <= now) || !this.state.grants[token.grantId]) delete this.state.tokens[hash];
    }
    for (const [id, consent] of this.pending) if (consent.expiresAt <= now) this.pending.delete(id);
  }

  private save(): void {
    const tmp = `${this.stateFile}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state));
    renameSync(tmp, this.stateFile);
  }

  now(): number {
    return this.clock();
  }

  client(network: OAuthNetwork): SandboxClient {
    return this.state.clients[network];
  }

  clients(): Record<OAuthNetwork, SandboxClient> {
    return { ...this.state.clients };
  }

  /** Remembers a consent page; returns its id (the form's hidden field). */
  addPending(consent: Omit<PendingConsent, 'expiresAt'>): string {
    this.prune();
    const id = randomToken('', 18);
    this.pending.set(id, { ...consent, expiresAt: this.clock() + PENDING_TTL_MS });
    return id;
  }

  /** Takes (removes) the consent `id` of `network`, or null when unknown, decided or expired. */
  takePending(network: OAuthNetwork, id: string): PendingConsent | null {
    const consent = this.pending.get(id);
    if (!consent || consent.network !== network) return null;
    this.pending.delete(id);
    return consent.expiresAt > this.clock() ? consent : null;
  }

  /** Issues a single-use code for an approved consent. */
  issueCode(consent: PendingConsent): string {
    const code = randomToken('', 24);
    const { network, clientId, redirectUri, scopes, offline, challenge } = consent;
    this.state.codes[digest(code)] = { network, clientId, redirectUri, scopes, offline, challenge, expiresAt: this.clock() + CODE_TTL_MS, usedAt: null };
    this.save();
    return code;
  }

  /**
   * Marks `code` of `network` used and returns it, or says why not. A code is spent by its first
   * exchange even when that exchange then fails (as the networks do).
   */
  useCode(network: OAuthNetwork, code: string): IssuedCode | 'unknown' | 'used' | 'expired' {
    const found = this.state.codes[digest(code)];
    if (!found || found.network !== network) return 'unknown';
    if (found.usedAt !== null) return 'used';
    if (found.expiresAt <= this.clock()) return 'expired';
    found.usedAt = this.clock();
    this.save();
    return found;
  }

  createGrant(code: IssuedCode): Grant {
    const grant: Grant = { id: randomToken('', 12), network: code.network, clientId: code.clientId, scopes: code.scopes, offline: code.offline, createdAt: this.clock() };
    this.state.grants[grant.id] = grant;
    this.save();
    return grant;
  }

  /** Stores `token` (already made by the caller) for `grant`; `lifetimeSeconds` null = no expiry. */
  keepToken(token: string, grant: Grant, kind: TokenKind, lifetimeSeconds: number | null, extra: Pick<IssuedToken, 'longLived' | 'pageId'> = {}): void {
    this.state.tokens[digest(token)] = { grantId: grant.id, kind, expiresAt: lifetimeSeconds === null ? null : this.clock() + lifetimeSeconds * 1000, ...extra };
    this.save();
  }

  /** The token of `network` and its grant (revoked tokens are gone: null), and whether it expired. */
  findToken(network: OAuthNetwork, token: string): { token: IssuedToken; grant: Grant; expired: boolean } | null {
    const found = this.state.tokens[digest(token)];
    const grant = found && this.state.grants[found.grantId];
    if (!found || !grant || grant.network !== network) return null;
    return { token: found, grant, expired: found.expiresAt !== null && found.expiresAt <= this.clock() };
  }

  /** Whether a token with this hash is stored (any network, any state). */
  hasToken(token: string): boolean {
    return digest(token) in this.state.tokens;
  }

  forgetToken(token: string): void {
    delete this.state.tokens[digest(token)];
    this.save();
  }

  /** Removes a grant and every token issued under it. */
  revokeGrant(grantId: string): void {
    delete this.state.grants[grantId];
    for (const [hash, token] of Object.entries(this.state.tokens)) if (token.grantId === grantId) delete this.state.tokens[hash];
    this.save();
  }

  /** Revokes every grant of `network` (the user removed the app at the network); returns how many. */
  revokeNetwork(network: OAuthNetwork): number {
    const ids = Object.values(this.state.grants)
      .filter((grant) => grant.network === network)
      .map((grant) => grant.id);
    for (const id of ids) this.revokeGrant(id);
    this.save();
    return ids.length;
  }

  pageTokenKey(): string {
    return this.state.pageTokenKey;
  }

  record(record: SandboxRequestRecord): void {
    this.records.push(record);
    appendFileSync(this.recordsFile, `${JSON.stringify(record)}\n`);
    this.recordLines += 1;
    if (this.recordLines > 2 * RECORDS_CAP) this.compactRecords();
    else if (this.records.length > RECORDS_CAP) this.records = this.records.slice(-RECORDS_CAP);
  }

  /** The records, oldest first, of one network or all. */
  requests(network?: SocialNetwork): SandboxRequestRecord[] {
    return this.records.filter((record) => network === undefined || record.network === network).map((record) => structuredClone(record));
  }
}
