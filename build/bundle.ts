/**
 * Bundles the runtime (src/main.ts) into one self-contained ES module, dist/server.js, with esbuild:
 * `deno task bundle`, then `deno run --allow-read --allow-net --allow-env --allow-ffi dist/server.js`.
 *
 * Source files import npm packages as `npm:name@version/sub`; the plugin below resolves those specifiers
 * from node_modules (installed by `npm ci`) so the bundle carries only the code the runtime reaches.
 */
import * as esbuild from "npm:esbuild@0.28.2";

const NPM_SPECIFIER = /^npm:((?:@[^/@]+\/)?[^/@]+)(?:@[^/]+)?(\/.*)?$/;

/** esbuild plugin: `npm:pkg@ver/sub` → `pkg/sub` resolved from node_modules. */
export const npmSpecifiers: esbuild.Plugin = {
  name: "npm-specifiers",
  setup(build) {
    build.onResolve({ filter: /^npm:/ }, async (args) => {
      const match = NPM_SPECIFIER.exec(args.path);
      if (match === null) return { errors: [{ text: `cannot parse specifier ${args.path}` }] };
      const bare = `${match[1]}${match[2] ?? ""}`;
      const resolved = await build.resolve(bare, { kind: args.kind, resolveDir: Deno.cwd() });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { path: resolved.path, external: false };
    });
  },
};

/** Bundles `entry` into `outfile`; returns the output's size in bytes. */
export async function bundle(entry = "src/main.ts", outfile = "dist/server.js"): Promise<number> {
  let result: esbuild.BuildResult<{ metafile: true }>;
  try {
    result = await esbuild.build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      format: "esm",
      platform: "node",
      target: "esnext",
      minify: true,
      legalComments: "linked",
      conditions: ["deno", "import", "module", "default"],
      mainFields: ["module", "main"],
      plugins: [npmSpecifiers],
      metafile: true,
      // Node built-ins are provided by Deno; keep them as imports.
      external: ["node:*"],
      banner: {
        js: 'import { createRequire as __createRequire } from "node:module";' +
          "const require = __createRequire(import.meta.url);",
      },
      logLevel: "warning",
    });
  } finally {
    // esbuild runs a service process; a failed bundle must not leave it behind.
    await esbuild.stop();
  }
  return Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
}

if (import.meta.main) {
  const bytes = await bundle(Deno.args[0], Deno.args[1]);
  console.error(`bundled ${Deno.args[1] ?? "dist/server.js"}: ${(bytes / 1024).toFixed(1)} KiB`);
}
