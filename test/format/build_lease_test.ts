import assert from "node:assert/strict";
import { distWith, smallParts } from "../support/small_dist.ts";
import { claimForRemoval, holdBuild } from "../../src/format/build_lease.ts";

Deno.test("a held build cannot be claimed for removal until every server lets it go", async () => {
  const { buildDir } = await distWith(smallParts());
  const first = holdBuild(buildDir)!;
  const second = holdBuild(buildDir)!;
  assert.equal(await claimForRemoval(buildDir), "held");
  first.close();
  assert.equal(await claimForRemoval(buildDir), "held");
  second.close();
  const claim = await claimForRemoval(buildDir);
  assert.ok(claim instanceof Deno.FsFile);
  claim.close();
});

Deno.test("a build claimed for removal, or removed, cannot be held", async () => {
  const { buildDir } = await distWith(smallParts());
  const claim = await claimForRemoval(buildDir);
  assert.ok(claim instanceof Deno.FsFile);
  assert.equal(holdBuild(buildDir), undefined);
  await Deno.remove(buildDir, { recursive: true });
  claim.close();
  assert.equal(holdBuild(buildDir), undefined);
  // Without a manifest no server can hold it: it is removable as it is.
  assert.equal(await claimForRemoval(buildDir), null);
});
