/**
 * shared/package.json declares the contract free of side effects (except define.ts, which sets
 * zod's Spanish locale), so a Lambda bundle carries only the definitions it uses. These checks
 * build a real production bundle with the CDK's esbuild settings.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { lambdaBuildOptions } from '../../../../../infra/bundling/lambda-esbuild';

async function bundleText(entry: string): Promise<string> {
  const result = await build({ ...lambdaBuildOptions(entry), write: false });
  return new TextDecoder().decode(result.outputFiles[0]?.contents);
}

describe('Lambda bundles and the shared contract', () => {
  it("keep zod's Spanish locale, so validation messages stay Spanish", async () => {
    expect(await bundleText('lambdas/functions/guardarTema.ts')).toMatch(/Entrada inv(á|\\xE1)lida/);
  });

  it("leave out the definitions of other bounded contexts", async () => {
    const text = await bundleText('lambdas/functions/guardarTema.ts');
    const present = (name: string) => text.includes(`"${name}"`);
    expect(present('guardarTema')).toBe(true);
    // Other files of shared/contract/callables/ (accounts.ts itself is kept whole).
    expect(['generarImagen', 'guardarAjustesBlog', 'solicitarSubida', 'generarIdentidad'].filter(present)).toEqual([]);
  });
});
