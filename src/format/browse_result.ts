/**
 * The classify result of a browse node as JSON text: the `browse_id` echo, then its record's fields in
 * published order (nulls for an id the tree lacks). The runtime makes it once per record and keeps only the
 * text (src/store/shard_reader.ts `text`), so a batch is a join of kept texts and no decoded record stays.
 */
import type { BrowseRecord } from "./shard_records.ts";

const UNMAPPED_FIELDS = `"gpc":null,"match_precision":null,"match_source":null,"inherited_from":null,` +
  `"assurance_state":null,"attribute_count":0,"attribute_schema":null}`;

/** `id` is a browse_id the request validated as 1 to 20 ASCII digits, or a shard key: no escaping needed. */
export function browseResultText(id: string, record: BrowseRecord | undefined): string {
  if (record === undefined) return `{"browse_id":"${id}",${UNMAPPED_FIELDS}`;
  return `{"browse_id":"${id}",` + JSON.stringify({
    gpc: record.gpc,
    match_precision: record.match_precision,
    match_source: record.match_source,
    inherited_from: record.inherited_from,
    assurance_state: record.assurance_state,
    attribute_count: record.attribute_count,
    // Dists built before schemas had states held published schemas only.
    attribute_schema: record.attribute_schema ?? (record.gpc?.level === "brick" ? "published" : null),
  }).slice(1);
}
