/**
 * Brand settings against the twin (issue 3 items 1 and 2): Constructor de IA round trips with a
 * server-set lastUpdated, and Integraciones with secrets sealed at rest — read raw from DynamoDB
 * Local, never in any response, kept when the form is saved without them, cleared on request,
 * and bound to their tenant (opened here with the twin's KMS key, as the functions open them: the
 * sealing under test is the function's, with KMS). What the AI layer gets of them
 * (readBrandAiProviderConfig, readBrandContext) is unit-tested at test/unit/lambdas/core/settings/.
 * The brand's time zone (issue 13 item 1) is Europe/Madrid until chosen, round-trips, and a zone
 * Intl does not know is refused in Spanish with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AI_SETTINGS_LIMITS, DEFAULT_BRAND_COLORS, TIME_MSG, type AiSettings, type Integrations } from '@director-ia/shared';
import { buildKeyring, openSecret, SecretOpenError } from '../../lambdas/platform/secrets';
import { rawTable } from '../support/dynamo';
import { call, callOk, type CallResult } from '../support/api';
import { useTwinDomainEnv } from '../support/twin-env';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';

const twin = inject('twin');
const table = rawTable(twin);

async function rawItem(sub: string, sk: string): Promise<Record<string, unknown> | undefined> {
  return table.get(`user#${sub}`, sk);
}

/** An active owner: registered, then approved by the admin. */
async function activeOwner(prefix: string): Promise<TestUser> {
  const [user, admin] = await Promise.all([registerUser(twin, prefix), signInAdmin(twin)]);
  await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);
  return user;
}

const SECRETS = {
  geminiApiKey: 'AIzaSyGEMINI-secret-value-1234',
  imagenApiKey: 'AIzaSyIMAGEN-secret-value-5678',
  openaiApiKey: 'sk-local-openai-secret-9abc',
  gmailAppPassword: 'abcd efgh ijkl mnop',
};
/** The Spanish refusal of a base URL pointing at a non-public address (issue 12, SSRF). */
const NOT_PUBLIC = 'La URL base no puede apuntar a una dirección local, privada o de metadatos.';
const PLAINTEXTS = [...Object.values(SECRETS), SECRETS.gmailAppPassword.replace(/ /g, '')];

/** Every answer any test got, to check at the end that none carried a secret. */
const answers: CallResult[] = [];
async function tracked(name: string, data: unknown, token: string): Promise<CallResult> {
  const result = await call(twin, name, data, token);
  answers.push(result);
  return result;
}
async function trackedOk<T>(name: string, data: unknown, token: string): Promise<T> {
  const result = await tracked(name, data, token);
  if (result.status !== 200) throw new Error(`${name} → ${result.status} ${JSON.stringify(result.body)}`);
  return result.body.result as T;
}

describe('Constructor de IA settings', () => {
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    [owner, other] = await Promise.all([activeOwner('ia'), activeOwner('ia-other')]);
  });

  it('are empty, with lastUpdated null, before the first save', async () => {
    await expect(callOk(twin, 'obtenerAjustesIA', null, owner.accessToken)).resolves.toEqual({
      brandName: '',
      brandPersonality: '',
      targetAudience: '',
      keywords: '',
      topicsToAvoid: '',
      timeZone: 'Europe/Madrid',
      primaryColor: DEFAULT_BRAND_COLORS.primaryColor,
      accentColor: DEFAULT_BRAND_COLORS.accentColor,
      lastUpdated: null,
    });
  });

  it('round-trip: saved values (trimmed) load back, lastUpdated set by the server', async () => {
    const before = Date.now();
    const saved = await callOk<AiSettings>(twin, 'guardarAjustesIA', {
      brandName: '  Café Ñandú  ',
      brandPersonality: 'Cercana, experta y con humor.',
      targetAudience: 'Amantes del café de especialidad en Madrid',
      keywords: 'café, tostado artesanal, barista',
      topicsToAvoid: 'política',
    }, owner.accessToken);
    expect(saved.brandName).toBe('Café Ñandú');
    expect(Date.parse(saved.lastUpdated ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(saved.lastUpdated ?? '')).toBeLessThanOrEqual(Date.now() + 1000);
    await expect(callOk(twin, 'obtenerAjustesIA', null, owner.accessToken)).resolves.toEqual(saved);
  });

  it('merges: a save with one field keeps the others and moves lastUpdated', async () => {
    const first = await callOk<AiSettings>(twin, 'obtenerAjustesIA', null, owner.accessToken);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const saved = await callOk<AiSettings>(twin, 'guardarAjustesIA', { keywords: 'café, cold brew' }, owner.accessToken);
    expect(saved).toMatchObject({ ...first, keywords: 'café, cold brew', lastUpdated: expect.any(String) });
    expect(saved.lastUpdated! > first.lastUpdated!).toBe(true);
  });

  it('refuses a client lastUpdated, a too long field or a non-text value, changing nothing', async () => {
    const before = await callOk<AiSettings>(twin, 'obtenerAjustesIA', null, owner.accessToken);
    const tooLong = await call(twin, 'guardarAjustesIA', { brandName: 'x'.repeat(AI_SETTINGS_LIMITS.brandName + 1) }, owner.accessToken);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error?.message).toContain(`«Nombre de la marca» admite como máximo ${AI_SETTINGS_LIMITS.brandName} caracteres.`);
    for (const data of [{ lastUpdated: '2000-01-01T00:00:00.000Z' }, { keywords: 42 }, { brandName: 'ok', uid: other.sub }]) {
      const { status, body } = await call(twin, 'guardarAjustesIA', data, owner.accessToken);
      expect(status).toBe(400);
      expect(body.error?.status).toBe('INVALID_ARGUMENT');
    }
    await expect(callOk(twin, 'obtenerAjustesIA', null, owner.accessToken)).resolves.toEqual(before);
  });

  it('time zone: the chosen zone is stored and loads back; a save without it keeps it', async () => {
    const saved = await callOk<AiSettings>(twin, 'guardarAjustesIA', { timeZone: ' America/Mexico_City ' }, owner.accessToken);
    expect(saved).toMatchObject({ brandName: 'Café Ñandú', timeZone: 'America/Mexico_City' });
    await expect(callOk(twin, 'obtenerAjustesIA', null, owner.accessToken)).resolves.toEqual(saved);
    expect(await rawItem(owner.sub, 'settings#ia')).toMatchObject({ timeZone: 'America/Mexico_City' });
    const later = await callOk<AiSettings>(twin, 'guardarAjustesIA', { keywords: 'café, tueste' }, owner.accessToken);
    expect(later.timeZone).toBe('America/Mexico_City');
    const canary = await callOk<AiSettings>(twin, 'guardarAjustesIA', { timeZone: 'Atlantic/Canary' }, owner.accessToken);
    expect(canary.timeZone).toBe('Atlantic/Canary');
  });

  it.each([['Europe/Atlantis'], ['+02:00'], ['Hora de Madrid'], [''], [7200]])('time zone: refuses %j in Spanish, changing nothing', async (timeZone) => {
    const before = await callOk<AiSettings>(twin, 'obtenerAjustesIA', null, owner.accessToken);
    const { status, body } = await call(twin, 'guardarAjustesIA', { brandName: 'No se guarda', timeZone }, owner.accessToken);
    expect(status).toBe(400);
    expect(body.error?.status).toBe('INVALID_ARGUMENT');
    expect(body.error?.message).toContain(TIME_MSG.timeZoneInvalid);
    await expect(callOk(twin, 'obtenerAjustesIA', null, owner.accessToken)).resolves.toEqual(before);
  });

  it('are per brand: another owner sees only their own', async () => {
    const theirs = await callOk<AiSettings>(twin, 'obtenerAjustesIA', null, other.accessToken);
    expect(theirs.brandName).toBe('');
    expect(theirs.timeZone).toBe('Europe/Madrid');
  });

  it('without a session the server answers 401', async () => {
    const { status, body } = await call(twin, 'guardarAjustesIA', { brandName: 'x' });
    expect(status).toBe(401);
    expect(body).toEqual({ message: 'Unauthorized' });
  });
});

describe('Integraciones: secrets sealed at rest', () => {
  let owner: TestUser;
  let other: TestUser;
  // The functions' KMS key, reached through the twin's AWS gateway like the functions reach it.
  const keyring = () => {
    useTwinDomainEnv(twin);
    return buildKeyring({ kind: 'kms', keyArn: twin.kmsKeyArn ?? '' });
  };

  beforeAll(async () => {
    [owner, other] = await Promise.all([activeOwner('int'), activeOwner('int-other')]);
  });

  afterAll(() => {
    // No response of any test in this file carried a secret.
    const text = JSON.stringify(answers);
    for (const secret of PLAINTEXTS) expect(text).not.toContain(secret);
  });

  it('start unconfigured', async () => {
    const view = await trackedOk<Integrations>('obtenerIntegraciones', null, owner.accessToken);
    expect(view).toMatchObject({ aiProvider: 'default', gmailAddress: '', geminiApiKey: { configured: false, mask: null }, lastUpdated: null });
  });

  it('saves provider, Gmail and secrets; the answer shows only masks', async () => {
    const saved = await trackedOk<Integrations>('guardarIntegraciones', {
      aiProvider: 'gemini',
      ...SECRETS,
      gmailAddress: 'marca@gmail.com',
      openaiBaseUrl: 'https://llm.example.com/v1',
      openaiModel: 'llama3.1',
    }, owner.accessToken);
    expect(saved).toMatchObject({
      aiProvider: 'gemini',
      gmailAddress: 'marca@gmail.com',
      openaiBaseUrl: 'https://llm.example.com/v1',
      openaiModel: 'llama3.1',
      geminiApiKey: { configured: true, mask: '••••1234' },
      imagenApiKey: { configured: true, mask: '••••5678' },
      openaiApiKey: { configured: true, mask: '••••9abc' },
      // Google's groups of four lose their spaces.
      gmailAppPassword: { configured: true, mask: '••••mnop' },
    });
    expect(Date.parse(saved.lastUpdated ?? '')).toBeGreaterThan(Date.now() - 60_000);
    await expect(trackedOk('obtenerIntegraciones', null, owner.accessToken)).resolves.toEqual(saved);
  });

  it('the stored item holds no plaintext secret, only sealed values that open for this tenant', async () => {
    const item = await rawItem(owner.sub, 'settings#integrations');
    expect(item).toBeDefined();
    const raw = JSON.stringify(item);
    for (const secret of PLAINTEXTS) expect(raw).not.toContain(secret);
    for (const [field, value] of Object.entries(SECRETS)) {
      const sealed = item?.[`${field}Sealed`] as string;
      expect(sealed.length).toBeGreaterThan(100);
      expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain(value.replace(/ /g, ''));
      const expected = field === 'gmailAppPassword' ? value.replace(/ /g, '') : value;
      await expect(openSecret(sealed, { tenant: owner.sub, field }, keyring())).resolves.toBe(expected);
    }
  });

  it("a sealed value copied to another tenant's context does not open", async () => {
    const item = await rawItem(owner.sub, 'settings#integrations');
    const sealed = item?.geminiApiKeySealed as string;
    await expect(openSecret(sealed, { tenant: other.sub, field: 'geminiApiKey' }, keyring())).rejects.toBeInstanceOf(SecretOpenError);
    await expect(openSecret(sealed, { tenant: owner.sub, field: 'imagenApiKey' }, keyring())).rejects.toBeInstanceOf(SecretOpenError);
  });

  it('saving the form without retyping the secrets keeps them', async () => {
    const before = await rawItem(owner.sub, 'settings#integrations');
    const saved = await trackedOk<Integrations>('guardarIntegraciones', { aiProvider: 'gemini', gmailAddress: 'ventas@gmail.com', openaiBaseUrl: '', openaiModel: '' }, owner.accessToken);
    expect(saved).toMatchObject({ gmailAddress: 'ventas@gmail.com', geminiApiKey: { configured: true, mask: '••••1234' }, gmailAppPassword: { configured: true, mask: '••••mnop' } });
    const after = await rawItem(owner.sub, 'settings#integrations');
    for (const field of Object.keys(SECRETS)) expect(after?.[`${field}Sealed`]).toBe(before?.[`${field}Sealed`]);
  });

  it('replacing a secret seals the new value', async () => {
    const saved = await trackedOk<Integrations>('guardarIntegraciones', { imagenApiKey: '  new-imagen-key-0000  ' }, owner.accessToken);
    expect(saved.imagenApiKey).toEqual({ configured: true, mask: '••••0000' });
    const item = await rawItem(owner.sub, 'settings#integrations');
    await expect(openSecret(item?.imagenApiKeySealed as string, { tenant: owner.sub, field: 'imagenApiKey' }, keyring())).resolves.toBe('new-imagen-key-0000');
  });

  it('an explicit clear removes a secret', async () => {
    const saved = await trackedOk<Integrations>('guardarIntegraciones', { openaiApiKey: null, gmailAppPassword: null }, owner.accessToken);
    expect(saved.openaiApiKey).toEqual({ configured: false, mask: null });
    expect(saved.gmailAppPassword).toEqual({ configured: false, mask: null });
    expect(saved.geminiApiKey.configured).toBe(true);
    const item = await rawItem(owner.sub, 'settings#integrations');
    expect(item?.openaiApiKeySealed).toBe('');
    expect(item?.gmailAppPasswordSealed).toBe('');
  });

  it.each([
    ['Gemini without its key', { geminiApiKey: null }, 'Para usar Gemini, añade tu clave de API de Gemini.'],
    ['an OpenAI-compatible provider without base URL', { aiProvider: 'openai-compatible', openaiModel: 'llama3.1' }, 'indica su URL base y el modelo'],
    ['a base URL that is not http(s)', { openaiBaseUrl: 'ftp://example.com' }, 'La URL base debe ser una dirección http:// o https:// válida.'],
    ['a secret too short', { geminiApiKey: 'corta' }, 'debe tener al menos 8 caracteres'],
    ['an invalid Gmail address', { gmailAddress: 'no-es-un-correo' }, 'Correo de Gmail no válido.'],
    ['an unknown provider', { aiProvider: 'skynet' }, 'Proveedor de IA no válido.'],
    ['a mask sent back as a key', { geminiApiKey: { configured: true } }, 'debe ser un texto'],
    // SSRF (issue 12): a base URL must not lead the functions to local, private or metadata addresses.
    ['a loopback base URL', { openaiBaseUrl: 'http://127.0.0.1:11434/v1' }, NOT_PUBLIC],
    ['a base URL whose name resolves to loopback', { aiProvider: 'openai-compatible', openaiBaseUrl: 'http://localhost:11434/v1', openaiModel: 'llama3.1' }, NOT_PUBLIC],
    ['the IPv6 loopback', { openaiBaseUrl: 'http://[::1]:8080/v1' }, NOT_PUBLIC],
    ['the cloud metadata address', { openaiBaseUrl: 'http://169.254.169.254/latest/meta-data/' }, NOT_PUBLIC],
    ['a private address', { openaiBaseUrl: 'http://10.0.0.5/v1' }, NOT_PUBLIC],
    ['loopback spelled as a number', { openaiBaseUrl: 'http://2130706433/v1' }, NOT_PUBLIC],
  ])('refuses %s with a Spanish message and changes nothing', async (_label, data, message) => {
    const before = await rawItem(owner.sub, 'settings#integrations');
    const { status, body } = await tracked('guardarIntegraciones', data, owner.accessToken);
    expect(status).toBe(400);
    expect(body.error?.message).toContain(message);
    expect(await rawItem(owner.sub, 'settings#integrations')).toEqual(before);
  });

  it('an OpenAI-compatible endpoint needs no key (self-hosted models)', async () => {
    const saved = await trackedOk<Integrations>('guardarIntegraciones', { aiProvider: 'openai-compatible', openaiBaseUrl: 'https://llm.example.com/v1', openaiModel: 'llama3.1' }, other.accessToken);
    expect(saved).toMatchObject({ aiProvider: 'openai-compatible', openaiApiKey: { configured: false, mask: null } });
  });

  it('each brand sees only its own integrations', async () => {
    const theirs = await trackedOk<Integrations>('obtenerIntegraciones', null, other.accessToken);
    expect(theirs.geminiApiKey.configured).toBe(false);
    expect(theirs.gmailAddress).toBe('');
  });

  it('without a session the server answers 401', async () => {
    const { status } = await call(twin, 'guardarIntegraciones', { geminiApiKey: SECRETS.geminiApiKey });
    expect(status).toBe(401);
  });
});
