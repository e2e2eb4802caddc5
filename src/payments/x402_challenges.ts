/**
 * What the gate's challenges are made of, each built once and reused: the payment requirements of an amount,
 * the `extensions` of an operation, as called directly or through an MCP tool (its discovery metadata, the
 * x402 `bazaar` extension, and the `payment-identifier` declaration every paid operation shares), and the
 * encoded PAYMENT-REQUIRED header of an (error, resource, amount, operation, tool), the costly part of a 402,
 * kept in a bounded cache so that identical unpaid requests (retries, floods) reuse it.
 */
import { encodePaymentRequiredHeader } from "npm:@x402/core@2.27.0/http";
import type { x402ResourceServer } from "npm:@x402/core@2.27.0/server";
import type { PaymentRequired, PaymentRequirements } from "npm:@x402/core@2.27.0/types";
import type { PaymentConfig } from "./payment_config.ts";
import type { ChallengeResource } from "./challenge_resource.ts";
import { bazaarExtensions, type DiscoveryOf } from "./bazaar_extension.ts";
import { PAYMENT_IDENTIFIER_DECLARATION } from "./payment_identifier.ts";
import { CHALLENGE_CACHE_SIZE } from "./challenge_cache.ts";
import { FifoMap } from "../format/fifo_map.ts";

/** The challenge parts of one gate. */
export interface Challenges {
  /** The requirements a payment of `amount` atomic units must accept. */
  requirementsFor(amount: bigint): Promise<PaymentRequirements[]>;
  /** The `extensions` member of `operation`'s challenges, as called through the MCP tool `tool` if named. */
  extensionsOf(operation: string, tool?: string): Record<string, unknown>;
  /** The PAYMENT-REQUIRED header for `error` on `resource`. */
  encoded(
    error: string,
    resource: ChallengeResource,
    requirements: PaymentRequirements[],
    operation: string,
    tool?: string,
  ): Promise<string>;
}

/** The challenge parts for `config`, built by `server`, with each operation's `discovery` metadata. */
export function createChallenges(
  config: PaymentConfig,
  server: x402ResourceServer,
  discovery: DiscoveryOf,
): Challenges {
  const requirementsByAmount = new Map<string, PaymentRequirements[]>();
  const declarations = new Map<string, Record<string, unknown>>();
  const headers = new FifoMap<string, string>(CHALLENGE_CACHE_SIZE);

  function extensionsOf(operation: string, tool?: string): Record<string, unknown> {
    const key = tool === undefined ? operation : `${operation}\u0000${tool}`;
    let extensions = declarations.get(key);
    if (extensions === undefined) {
      const discovered = discovery(operation, tool);
      extensions = {
        ...(discovered === undefined ? {} : bazaarExtensions(discovered)),
        ...PAYMENT_IDENTIFIER_DECLARATION,
      };
      declarations.set(key, extensions);
    }
    return extensions;
  }

  return {
    async requirementsFor(amount) {
      const key = amount.toString();
      let requirements = requirementsByAmount.get(key);
      if (requirements === undefined) {
        requirements = await server.buildPaymentRequirementsFromOptions([{
          scheme: "exact",
          network: config.network,
          payTo: config.payTo,
          price: {
            asset: config.asset.address,
            amount: key,
            extra: { name: config.asset.name, version: config.asset.version },
          },
          maxTimeoutSeconds: config.maxTimeoutSeconds,
        }], {});
        requirementsByAmount.set(key, requirements);
      }
      return requirements;
    },
    extensionsOf,
    async encoded(error, resource, requirements, operation, tool) {
      const key = `${error}\u0000${resource.url}\u0000${resource.description}\u0000` +
        `${requirements[0]!.amount}\u0000${operation}\u0000${tool ?? ""}`;
      let encoded = headers.get(key);
      if (encoded === undefined) {
        const required = await server.createPaymentRequiredResponse(
          requirements,
          resource,
          error,
          extensionsOf(operation, tool),
        );
        encoded = base64Json(required);
        headers.set(key, encoded);
      }
      return encoded;
    },
  };
}

// Printable ASCII and the JSON whitespace: what a challenge of PUBLIC_URL (an ASCII URL once parsed), a
// canonical query (percent-encoded) and the service's own texts is made of.
const ASCII_JSON = /^[\x20-\x7e]*$/;

/**
 * The PAYMENT-REQUIRED header of `required`: what @x402/core's encodePaymentRequiredHeader writes (standard
 * base64 with padding of the UTF-8 JSON), by btoa at once when the JSON is ASCII, as a challenge is: the
 * library spells the bytes out one string at a time, the costly part of building a 402.
 */
export function base64Json(required: PaymentRequired): string {
  const json = JSON.stringify(required);
  return ASCII_JSON.test(json) ? btoa(json) : encodePaymentRequiredHeader(required);
}
