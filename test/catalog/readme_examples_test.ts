import assert from "node:assert/strict";
import { EXAMPLES_DOCUMENT, examplesBlock, renderReadmeExamples } from "../support/readme_examples.ts";

Deno.test("the documented catalog examples are the embedded default's answers, as served", async () => {
  const readme = await Deno.readTextFile(EXAMPLES_DOCUMENT);
  const { start, end } = examplesBlock(readme);
  // To refresh them after a change: deno run -A test/support/readme_examples.ts
  assert.equal(readme.slice(start, end), await renderReadmeExamples());
});
