import assert from "node:assert/strict";
import { parseSnapshot } from "../../../build/catalog/catalog_snapshot_reader.ts";
import { BuildError } from "../../../build/input/build_error.ts";

const metadata = ["# snapshot_version: 1", "# country: ca", "# currency: CAD", "# source: test"];
const header = "observation_id,product,brand,retailer,country,category,price,currency,observed_at";
const row = "a1,Bread,,Safeway,ca,Pantry > Bread,3.50,CAD,2025-12-17";

/** A snapshot text from its parts; the data row is on line 6 with the default metadata. */
function snapshot(rows: string[], head = header, meta = metadata): string {
  return [...meta, head, ...rows].join("\n") + "\n";
}

Deno.test("a version 2 snapshot keeps the retailer's own text of a row in source_name", () => {
  const text = snapshot(
    [`${row},"BREAD, 675 G"`, `${row.replace("a1", "a2")},`],
    `${header},source_name`,
    ["# snapshot_version: 2", ...metadata.slice(1)],
  );
  const parsed = parseSnapshot(text, "f.csv");
  assert.equal(parsed.metadata.snapshot_version, "2");
  assert.deepEqual(parsed.observations.map((o) => o.source_name), ["BREAD, 675 G", ""]);
});

Deno.test("a snapshot row becomes an observation with its category path, price and instant", () => {
  const text = snapshot(
    [
      row,
      'a2,"Cookies, Oat",Farmer\'s Market,No Frills,ca,Baked Goods>Cookies,5,CAD,2025-12-16T23:30:00-05:00',
    ],
  );
  const parsed = parseSnapshot(text, "f.csv");
  assert.deepEqual(parsed.metadata, {
    snapshot_version: "1",
    country: "ca",
    currency: "CAD",
    source: "test",
    generated: undefined,
  });
  assert.deepEqual(parsed.observations, [
    {
      line: 6,
      observation_id: "a1",
      product: "Bread",
      brand: "",
      retailer: "Safeway",
      country: "ca",
      category: ["Pantry", "Bread"],
      price_text: "3.50",
      price: 3.5,
      currency: "CAD",
      observed_at: Date.UTC(2025, 11, 17),
      unit: "",
      is_deal: undefined,
      valid_until: undefined,
      source_name: "",
    },
    {
      line: 7,
      observation_id: "a2",
      product: "Cookies, Oat",
      brand: "Farmer's Market",
      retailer: "No Frills",
      country: "ca",
      category: ["Baked Goods", "Cookies"],
      price_text: "5",
      price: 5,
      currency: "CAD",
      observed_at: Date.UTC(2025, 11, 17, 4, 30),
      unit: "",
      is_deal: undefined,
      valid_until: undefined,
      source_name: "",
    },
  ]);
});

Deno.test("a snapshot reads the optional columns unit, is_deal and valid_until and the generated label", () => {
  const text = snapshot(
    ["Apples (Fresh),,Generated Market A,us,Produce > Fruit,1.77,USD,2022-01-22,per pound,true,2022-01-31T23:59:59Z"],
    "product,brand,retailer,country,category,price,currency,observed_at,unit,is_deal,valid_until",
    ["# snapshot_version: 1", "# country: us", "# currency: USD", "# source: usda", "# generated: by a test"],
  );
  const parsed = parseSnapshot(text, "us.csv");
  assert.equal(parsed.metadata.generated, "by a test");
  const [first] = parsed.observations;
  assert.equal(first?.observation_id, "");
  assert.equal(first?.unit, "per pound");
  assert.equal(first?.is_deal, true);
  assert.equal(first?.valid_until, Date.UTC(2022, 0, 31, 23, 59, 59));
});

const refusals: [string, string, string][] = [
  [
    "a missing column",
    snapshot([row], header.replace(",price", "")),
    'f.csv: line 5: header lacks column "price"',
  ],
  [
    "an unknown column",
    snapshot([row + ",x"], header + ",colour"),
    'f.csv: line 5: unknown column "colour" (known: product, brand, retailer, country, category, price, currency, ' +
    "observed_at, observation_id, unit, is_deal, valid_until, source_name)",
  ],
  [
    "a bad country",
    snapshot([row.replace(",ca,", ",mx,")]),
    'f.csv: row 1 (line 6): country "mx" is not one of us, ca',
  ],
  [
    "a country other than the file's",
    snapshot([row.replace(",ca,", ",us,")]),
    'f.csv: row 1 (line 6): country "us" differs from the file\'s country "ca"',
  ],
  [
    "a currency foreign to the country",
    snapshot([row.replace("CAD", "USD")]),
    'f.csv: row 1 (line 6): currency "USD" is not CAD, the currency of ca',
  ],
  [
    "a zero price",
    snapshot([row.replace("3.50", "0.00")]),
    'f.csv: row 1 (line 6): price "0.00" is not a decimal number greater than 0',
  ],
  [
    "a negative price",
    snapshot([row.replace("3.50", "-3.50")]),
    'f.csv: row 1 (line 6): price "-3.50" is not a decimal number greater than 0',
  ],
  [
    "a price that is not a decimal",
    snapshot([row.replace("3.50", "$3.50")]),
    'f.csv: row 1 (line 6): price "$3.50" is not a decimal number greater than 0',
  ],
  [
    "an exponent price",
    snapshot([row.replace("3.50", "1e3")]),
    'f.csv: row 1 (line 6): price "1e3" is not a decimal number greater than 0',
  ],
  [
    "an impossible date",
    snapshot([row.replace("2025-12-17", "2025-02-30")]),
    'f.csv: row 1 (line 6): observed_at "2025-02-30" is not an ISO 8601 date or date-time',
  ],
  [
    "a date-time without an offset",
    snapshot([row.replace("2025-12-17", "2025-12-17T10:00:00")]),
    'f.csv: row 1 (line 6): observed_at "2025-12-17T10:00:00" is not an ISO 8601 date or date-time',
  ],
  [
    "a local date format",
    snapshot([row.replace("2025-12-17", "17/12/2025")]),
    'f.csv: row 1 (line 6): observed_at "17/12/2025" is not an ISO 8601 date or date-time',
  ],
  ["an empty product", snapshot([row.replace("Bread,", " ,")]), "f.csv: row 1 (line 6): product is empty"],
  ["an empty retailer", snapshot([row.replace("Safeway", "")]), "f.csv: row 1 (line 6): retailer is empty"],
  [
    "an empty category level",
    snapshot([row.replace("Pantry > Bread", "Pantry > ")]),
    'f.csv: row 1 (line 6): category "Pantry >" is not a path like "Pantry > Bread"',
  ],
  [
    "a repeated observation id",
    snapshot([row, row]),
    'f.csv: row 2 (line 7): observation_id "a1" repeats row 1',
  ],
  [
    "a short row",
    snapshot([row.replace(",2025-12-17", "")]),
    "f.csv: line 6: has 8 fields, the header has 9 (quote fields that hold a comma)",
  ],
  [
    "an is_deal that is not a boolean",
    snapshot([row + ",yes"], header + ",is_deal"),
    'f.csv: row 1 (line 6): is_deal "yes" is not true, false or empty',
  ],
  ["a header without rows", snapshot([]), "f.csv: line 5: has a header but no observations"],
  [
    "metadata without a source",
    snapshot([row], header, metadata.slice(0, 3)),
    'f.csv: metadata: lacks "# source: …"',
  ],
  [
    "metadata with a currency foreign to the country",
    snapshot([row], header, [...metadata.slice(0, 2), "# currency: USD", "# source: test"]),
    'f.csv: metadata: currency "USD" is not CAD, the currency of ca',
  ],
  [
    "a later snapshot version",
    snapshot([row], header, ["# snapshot_version: 3", ...metadata.slice(1)]),
    'f.csv: metadata: snapshot_version "3" is not one of 1, 2',
  ],
  [
    "a source_name column under snapshot_version 1",
    snapshot([row + ",BREAD 675 G"], header + ",source_name"),
    'f.csv: line 5: column "source_name" needs snapshot_version 2 or later (the file says 1)',
  ],
  [
    "an unknown metadata key",
    snapshot([row], header, [...metadata, "# licence: none"]),
    'f.csv: metadata: unknown key "licence" (known: snapshot_version, country, currency, source, generated)',
  ],
];

for (const [what, text, message] of refusals) {
  Deno.test(`a snapshot with ${what} is refused with a BuildError naming file and place`, () => {
    assert.throws(() => parseSnapshot(text, "f.csv"), (error: unknown) => {
      assert.ok(error instanceof BuildError);
      assert.equal(error.message, message);
      return true;
    });
  });
}
