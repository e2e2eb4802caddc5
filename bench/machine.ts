/** The machine a bench ran on, for the report: cores, CPU model, memory, Deno and wrk versions. */

/** What the report says about the machine. */
export interface Machine {
  readonly cores: number;
  readonly cpu: string;
  readonly memoryGiB: number;
  readonly deno: string;
  readonly wrk: string;
  readonly os: string;
}

/** Reads the machine's description from /proc and the tools. */
export async function describeMachine(): Promise<Machine> {
  const cpuinfo = Deno.readTextFileSync("/proc/cpuinfo");
  const meminfo = Deno.readTextFileSync("/proc/meminfo");
  const kb = Number(/^MemTotal:\s+(\d+) kB/m.exec(meminfo)?.[1] ?? 0);
  const wrk = await new Deno.Command("wrk", { args: ["--version"], stdout: "piped", stderr: "null" }).output()
    .then(
      (out) => new TextDecoder().decode(out.stdout).split("\n")[0]!.replace(/ Copyright.*/, "").trim(),
      () => "none",
    );
  return {
    cores: navigator.hardwareConcurrency,
    cpu: /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? "unknown",
    memoryGiB: Math.round(kb / 1048576),
    deno: Deno.version.deno,
    wrk,
    os: `${Deno.build.os} ${Deno.osRelease()}`,
  };
}
