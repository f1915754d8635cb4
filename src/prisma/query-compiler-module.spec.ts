import { COMPILER_FILE, compilerModuleFrom, queryCompilerModule, withFastCompilerLoading } from './query-compiler-module';
import type { GetPrismaClientConfig } from '@prisma/client/runtime/client';

describe('the query compiler read from its file as text', () => {
  it('is the module Prisma itself would load (the installed version keeps it in the form read here)', async () => {
    const ours = await queryCompilerModule();
    expect(ours).toBeInstanceOf(WebAssembly.Module);
    const { wasm } = jest.requireActual<{ wasm: string }>(COMPILER_FILE);
    const prismas = new WebAssembly.Module(Buffer.from(wasm, 'base64'));
    expect(WebAssembly.Module.exports(ours!)).toEqual(WebAssembly.Module.exports(prismas));
    expect(WebAssembly.Module.imports(ours!)).toEqual(WebAssembly.Module.imports(prismas));
  });

  it('is undefined for a file in another form, so that Prisma loads the compiler itself', () => {
    expect(compilerModuleFrom('module.exports = { wasm: "AGFzbQEAAAA=" }')).toBeUndefined();
    expect(compilerModuleFrom('const wasm = "AGFzbQEAAAA=')).toBeUndefined();
    expect(compilerModuleFrom('const wasm = "bm90IHdhc20="')).toBeUndefined();
    expect(compilerModuleFrom('const wasm = "AGFzbQEAAAA="\nexport { wasm }')).toBeInstanceOf(WebAssembly.Module); // the empty module
  });

  it('replaces only how the compiler module is loaded, and leaves a configuration without one as it is', async () => {
    const getRuntime = jest.fn();
    const ownLoading = jest.fn();
    const config = { clientVersion: 'x', compilerWasm: { getRuntime, getQueryCompilerWasmModule: ownLoading, importName: 'y' } } as unknown as GetPrismaClientConfig;
    const changed = withFastCompilerLoading(config);
    expect(changed.clientVersion).toBe('x');
    expect(changed.compilerWasm!.getRuntime).toBe(getRuntime);
    expect(await changed.compilerWasm!.getQueryCompilerWasmModule()).toBe(await queryCompilerModule());
    expect(ownLoading).not.toHaveBeenCalled();
    const without = { clientVersion: 'x' } as unknown as GetPrismaClientConfig;
    expect(withFastCompilerLoading(without)).toBe(without);
  });
});
