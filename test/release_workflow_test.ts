/**
 * The CI workflow of a new GPC release (.github/workflows/gpc-release.yml) cannot run here: it is parsed as
 * YAML and held to its shape, and its release report step runs on a real two-release build.
 */
import assert from "node:assert/strict";
import { parse } from "npm:yaml@2.9.1";
import { buildDist } from "../build/build_dist.ts";
import { recordingProgress } from "../build/progress.ts";
import { dataWithNextRelease, NEXT_RELEASE } from "./support/next_release.ts";
import { tempDir } from "./support/temp_dir.ts";

const WORKFLOW = new URL("../.github/workflows/gpc-release.yml", import.meta.url);

interface Step {
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly if?: string;
  readonly with?: Record<string, unknown>;
  readonly env?: Record<string, string>;
}

const workflow = parse(await Deno.readTextFile(WORKFLOW));
const steps: Step[] = workflow.jobs.release.steps;
const named = (name: string) => steps.find((step) => step.name === name)!;

Deno.test("the release workflow is a manual GitHub Actions workflow taking the publication and --strict", () => {
  assert.equal(workflow.name, "GPC release");
  assert.deepEqual(Object.keys(workflow.on), ["workflow_dispatch"]);
  assert.deepEqual(Object.keys(workflow.on.workflow_dispatch.inputs), [
    "publication_url",
    "file_name",
    "strict",
  ]);
  assert.equal(workflow.env.GPC_RELEASES_KEEP, "2");
  assert.equal(workflow.jobs.release["runs-on"], "ubuntu-latest");
});

Deno.test("the release workflow builds, reports the diff, tests, then publishes, in that order", () => {
  assert.deepEqual(
    steps.map((step) => step.name ?? step.uses),
    [
      "actions/checkout@v4",
      "actions/setup-node@v4",
      "Install Deno and the libraries",
      "Place the new publication beside the served ones",
      "Build the dist (every served release, the content carried forward)",
      "Release diff report",
      "actions/upload-artifact@v4",
      "Tests",
      "Publish the dist as an artifact",
      "Publish the dist to the servers",
    ],
  );
  assert.equal(named("Install Deno and the libraries").run, "npm ci");
  assert.match(
    named("Build the dist (every served release, the content carried forward)").run!,
    /deno task build --data release-data --out release-dist \$flags/,
  );
  assert.equal(named("Tests").run, "bash .ci/run");
  assert.equal(named("Publish the dist as an artifact").with!.path, "release-dist/");
  // CURRENT goes last, so a watching server never sees it name an incomplete build.
  const publish = named("Publish the dist to the servers").run!.trim().split("\n");
  assert.match(publish.at(-1)!, /rsync -a release-dist\/CURRENT "\$DIST_TARGET\/CURRENT"/);
});

Deno.test("the workflow's report step prints each release and the typed diff of a real two-release build", async () => {
  const data = await dataWithNextRelease(["browse", "mappings", "lexicon"]);
  const dist = await tempDir("workflow-dist-");
  await buildDist(data, dist, recordingProgress());
  const work = await tempDir("workflow-work-");
  const script = named("Release diff report").run!
    .replaceAll("release-dist", dist).replaceAll("release-data", data)
    .replaceAll("release-report.md", `${work}/release-report.md`)
    .replaceAll("release-diff.json", `${work}/release-diff.json`);
  const { code, stderr } = await new Deno.Command("bash", {
    args: ["-e", "-c", script],
    env: { GITHUB_STEP_SUMMARY: `${work}/summary.md` },
    stdout: "null",
    stderr: "piped",
  }).output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  const report = await Deno.readTextFile(`${work}/release-report.md`);
  assert.equal(await Deno.readTextFile(`${work}/summary.md`), report);
  assert.match(report, new RegExp(`^## GPC release ${NEXT_RELEASE}\n`));
  assert.match(report, /"stale_mapping_rows": 1,/);
  assert.match(report, /bricks: 1 added, 1 removed, 0 moved, 1 retitled/);
  const diff = JSON.parse(await Deno.readTextFile(`${work}/release-diff.json`));
  assert.deepEqual(diff.bricks.removed.map((node: { code: string }) => node.code), ["10000213"]);
});
