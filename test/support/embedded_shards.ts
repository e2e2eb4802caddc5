/**
 * The embedded default's built shards, opened for enumeration (every key of a shard): the audit tests check
 * every record the service serves, not a sample. Reading only; the service itself reads them by key.
 */
import { ShardReader } from "../../src/store/shard_reader.ts";
import { embeddedDist } from "./embedded_service.ts";

/** A built shard of the embedded default: its records by key, decoded as the store decodes them. */
export async function embeddedShard(name: string): Promise<Map<string, unknown>> {
  const dist = await embeddedDist();
  const build = (await Deno.readTextFile(`${dist}/CURRENT`)).trim();
  const file = `${dist}/builds/${build}/${name}.shard`;
  const reader = new ShardReader(file, await Deno.readFile(file));
  return new Map([...reader.keys()].map((key) => [key, reader.get(key)]));
}

/** The embedded default's catalog report (catalog-report.json of the build). */
export async function embeddedCatalogReport(): Promise<Record<string, unknown>> {
  const dist = await embeddedDist();
  const build = (await Deno.readTextFile(`${dist}/CURRENT`)).trim();
  return JSON.parse(await Deno.readTextFile(`${dist}/builds/${build}/catalog-report.json`));
}
