/**
 * A "next" GPC release derived from the embedded v20241202 XML excerpt, as GS1's twice-yearly publication
 * would change it: one brick retitled, one brick retired that the mapping table and the lexicon name, one
 * brick added, and a new release date. Data folders holding it beside the embedded publication let tests
 * build and serve two releases side by side.
 */
import { copyOfData } from "./data_copy.ts";

/** The embedded publication. */
export const EXCERPT = "data/gpc/gpc-en-v20241202-excerpt-seg50-four-families.xml";
/** The embedded release. */
export const CURATED_RELEASE = "v20241202";
/** The derived release (dateUtc 1/6/2025). */
export const NEXT_RELEASE = "v20250601";
/** Retitled: named by 17 mapping rows and many phrases. */
export const RETITLED = { code: "10000164", from: "Bread (Perishable)", to: "Bread - Fresh (Perishable)" };
/** Retired: the mapping row of browse node 16317891 (Honey, line 35) and 7 lexicon phrases name it. */
export const RETIRED = { code: "10000213", title: "Honey (Shelf Stable)", browseId: "16317891", line: 35 };
/** Added, under class 50192400 Sweet Spreads. */
export const ADDED = { code: "10009990", title: "Honey Alternatives (Shelf Stable)" };

/** The next release's XML, from the embedded excerpt's. */
export function nextReleaseXml(xml: string): string {
  const dated = xml.replace('dateUtc="2/12/2024"', 'dateUtc="1/6/2025"');
  const retitled = dated.replace(`text="${RETITLED.from}"`, `text="${RETITLED.to}"`);
  const start = retitled.indexOf(`<brick code="${RETIRED.code}"`);
  const end = retitled.indexOf("</brick>", start) + "</brick>".length;
  const added = `<brick code="${ADDED.code}" text="${ADDED.title}" definition="Includes honey-like syrups ` +
    `made without bees." active="true" definitionExcludes=""></brick>`;
  const next = retitled.slice(0, start) + added + retitled.slice(end);
  if (start < 0 || next === xml || !next.includes(RETITLED.to) || next.includes(`code="${RETIRED.code}"`)) {
    throw new Error("the excerpt no longer has what the next release changes");
  }
  return next;
}

/** The mapping table and lexicon as curated against v20241202 (see the folder's README). */
export const CURATED_V20241202 = "test/build/content/fixtures/curated_v20241202";

/**
 * A data folder whose data/gpc holds only the embedded excerpt (v20241202), with the embedded folders
 * `folders` (browse, catalog…) and, where asked for, the mapping table and lexicon curated against it.
 */
export async function dataWithCuratedRelease(folders: readonly string[]): Promise<string> {
  const curated = ["mappings", "lexicon"].filter((folder) => folders.includes(folder));
  const dir = await copyOfData(folders.filter((folder) => !curated.includes(folder)));
  await Deno.mkdir(`${dir}/gpc`, { recursive: true });
  await Deno.copyFile(EXCERPT, `${dir}/gpc/${EXCERPT.slice(EXCERPT.lastIndexOf("/") + 1)}`);
  for (const folder of curated) {
    await Deno.mkdir(`${dir}/${folder}`);
    for await (const entry of Deno.readDir(`${CURATED_V20241202}/${folder}`)) {
      await Deno.copyFile(`${CURATED_V20241202}/${folder}/${entry.name}`, `${dir}/${folder}/${entry.name}`);
    }
  }
  return dir;
}

/** As dataWithCuratedRelease, with the next release beside the excerpt, so a build serves both. */
export async function dataWithNextRelease(folders: readonly string[]): Promise<string> {
  const dir = await dataWithCuratedRelease(folders);
  const next = nextReleaseXml(await Deno.readTextFile(EXCERPT));
  await Deno.writeTextFile(`${dir}/gpc/gpc-en-${NEXT_RELEASE}-derived.xml`, next);
  return dir;
}
