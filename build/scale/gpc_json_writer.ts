/**
 * Writes a normalised GPC release as GS1's JSON publication: exactly the fields GS1 writes (`LanguageCode`,
 * `DateUtc`, `Schema`; per node `Level`, `Code` as a number, `Title`, `Definition`, `DefinitionExcludes`,
 * `Active`, `Childs`). The scale inputs use it for the synthetic full release; tests read it back.
 */
import type { GpcEntry, GpcRelease } from "../gpc/gpc_model.ts";
import { dateUtcOfReleaseId } from "../gpc/gpc_release_id.ts";

function jsonNode(level: number, entry: GpcEntry, excludes: string | null, childs: unknown[]): unknown {
  return {
    Level: level,
    Code: Number(entry.code),
    Title: entry.title,
    Definition: entry.definition,
    DefinitionExcludes: excludes,
    Active: entry.active,
    Childs: childs,
  };
}

/** The release as GS1's JSON publication text. */
export function writeGpcJson(release: GpcRelease): string {
  const schema = release.segments.map((segment) =>
    jsonNode(
      1,
      segment,
      null,
      segment.families.map((family) =>
        jsonNode(
          2,
          family,
          null,
          family.classes.map((klass) =>
            jsonNode(
              3,
              klass,
              null,
              klass.bricks.map((brick) =>
                jsonNode(
                  4,
                  brick,
                  brick.definitionExcludes === "" ? null : brick.definitionExcludes,
                  brick.attributes.map((type) =>
                    jsonNode(5, type, null, type.values.map((value) => jsonNode(6, value, null, [])))
                  ),
                )
              ),
            )
          ),
        )
      ),
    )
  );
  return JSON.stringify({
    LanguageCode: release.language,
    DateUtc: dateUtcOfReleaseId(release.release),
    Schema: schema,
  });
}
