/** The start-up line for an address Deno.serve cannot listen on. */
import type { Config } from "../config.ts";
import { messageOf } from "../log/error_message.ts";

/** Why Deno.serve could not listen, naming the variable to change. */
export function listenFailure(config: Config, error: unknown): string {
  const address = `${config.host.includes(":") ? `[${config.host}]` : config.host}:${config.port}`;
  if (error instanceof Deno.errors.AddrInUse) {
    return `PORT=${config.port} cannot be used: ${address} is already in use`;
  }
  if (error instanceof Deno.errors.PermissionDenied) {
    return `PORT=${config.port} cannot be used: listening on ${address} is not permitted (ports below 1024 need privileges)`;
  }
  if (error instanceof Deno.errors.AddrNotAvailable) {
    return `HOST=${JSON.stringify(config.host)} cannot be listened on: it is not an address of this machine`;
  }
  return `HOST=${JSON.stringify(config.host)} cannot be listened on: ${messageOf(error)}`;
}
