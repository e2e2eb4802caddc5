/**
 * The x402 version 2 payment gate (the `exact` scheme: an EIP-3009 USDC authorisation, settled by a
 * facilitator).
 *
 * Per request: no PAYMENT-SIGNATURE → 402 payment-required with a challenge naming the resource by
 * PUBLIC_URL, path and query (challenge_resource.ts) and carrying the operation's discovery metadata
 * (bazaar_extension.ts). Otherwise decode the bounded header (too long, too deep, undecodable or with members
 * the scheme does not define → 402 malformed-credential), refuse a payment made out for another resource
 * than this request's challenge names (402 resource-mismatch, resource_binding.ts), match its `accepted`
 * against the requirements this request would be issued (@x402/core's matcher), refuse an authorisation
 * already past validBefore, answer a payment identifier met before from what it bought (repeated_payment.ts),
 * claim the authorisation's identity (taken → 402 invalid-challenge), verify with the facilitator (invalid →
 * claim released, 402 by reason), take the payment identifier if there is one (kept_answers.ts), and admit the
 * work. `settle` settles after the
 * work succeeded and adds PAYMENT-RESPONSE; `abandon` releases the claim after the work failed, so nothing is
 * charged (both in x402_settlement.ts).
 *
 * Facilitator trouble: unreachable or slow → 503, a broken answer → 502, both with Retry-After and the
 * claim released (nothing was charged). Only a failed facilitator call counts; any other exception is ours
 * (claim released, 500). A settlement that times out may still land, so its claim is kept and the answer
 * is a 503 whose Retry-After reaches past validBefore, when it no longer can: paying again before then
 * could pay twice. Payment headers are bearer credentials and are never logged. A state store that cannot
 * take or mark a claim throws StateStoreError, which the handler answers 503 STATE_STORE_UNAVAILABLE: the
 * claim comes before verification, so nothing was charged.
 */
import type { x402ResourceServer } from "npm:@x402/core@2.27.0/server";
import type { VerifyResponse } from "npm:@x402/core@2.27.0/types";
import type { Admission, GateAnswer, PaidCall, PaymentGate } from "./payment_gate.ts";
import type { PricedOperation } from "../operation/paid_work.ts";
import type { OperationPrice, PaymentConfig } from "./payment_config.ts";
import { type PaymentClaims, type PaymentIdentity } from "./payment_claims.ts";
import { type ChallengeContext, type PaymentProblem, paymentProblemAnswer } from "./payment_problems.ts";
import { keepingUnpaidChallenges } from "./challenge_cache.ts";
import { priceTerms } from "./price_terms.ts";
import { decodePayment, lateness, malformed, mismatch, reasonProblem } from "./payment_credential.ts";
import { type PaymentLog, unavailable, verifyOrTrouble } from "./facilitator_trouble.ts";
import { challengeResource } from "./challenge_resource.ts";
import type { DiscoveryOf } from "./bazaar_extension.ts";
import { forwardedPayment, resourceMismatch } from "./resource_binding.ts";
import { messageOf } from "../log/error_message.ts";
import { paidAdmission } from "./x402_settlement.ts";
import { SettlementsInFlight } from "./settlements_in_flight.ts";
import { type RequestTarget, requestTarget } from "../operation/request_target.ts";
import { createChallenges } from "./x402_challenges.ts";
import { KeptAnswers, type KeptCall, requestOf } from "./kept_answers.ts";
import { answerAgain } from "./repeated_payment.ts";

export type { PaymentLog } from "./facilitator_trouble.ts";

/** What the gate is built from. */
export interface X402GateDeps {
  readonly config: PaymentConfig;
  /** A resource server with the exact/EVM server scheme registered and a facilitator client. */
  readonly server: x402ResourceServer;
  readonly claims: PaymentClaims;
  readonly log: PaymentLog;
  /** Where clients reach the service (PUBLIC_URL, or the listen address once bound); asked once, when needed. */
  readonly publicUrl: () => string;
  /** The discovery metadata (x402 `bazaar` extension) each paid operation's challenge carries. */
  readonly discovery: DiscoveryOf;
  /** The settlements of this process (a stopping process waits for them); a new set when absent. */
  readonly settlements?: SettlementsInFlight;
  /** Where answers paid with a payment identifier are kept; in the claims' store when absent. */
  readonly answers?: KeptAnswers;
  /** Clock in ms (claims and expiry). */
  readonly now?: () => number;
}

/** The gate plus its readiness check (the facilitator's /supported must have answered once). */
export interface X402Gate extends PaymentGate {
  /** Resolves once the facilitator's supported kinds are known; retried on the next request after a failure. */
  ready(): Promise<void>;
}

/** The facilitator answered but does not support exact payments on the configured network: a setup error. */
export class UnsupportedNetworkError extends Error {
  override readonly name = "UnsupportedNetworkError";
}

export { CHALLENGE_CACHE_SIZE } from "./challenge_cache.ts";

/** Builds the gate. */
export function createX402Gate(deps: X402GateDeps): X402Gate {
  const { config, server, claims, log } = deps;
  const now = deps.now ?? Date.now;
  const settlements = deps.settlements ?? new SettlementsInFlight();
  const answers = deps.answers ?? new KeptAnswers(claims.store, config.paymentIdTtlSeconds * 1000, now);
  const challenges = createChallenges(config, server, deps.discovery);
  let readiness: Promise<void> | undefined;
  let publicUrl: string | undefined;

  function ready(): Promise<void> {
    readiness ??= server.initialize().then(() => {
      if (server.getSupportedKind(2, config.network, "exact") === undefined) {
        throw new UnsupportedNetworkError(
          `the payment facilitator does not support x402 version 2 exact payments on ${config.network}`,
        );
      }
    }).catch((error) => {
      readiness = undefined;
      throw error;
    });
    return readiness;
  }

  function priceOf(operation: PricedOperation): OperationPrice {
    const price = config.prices[operation.operation];
    if (price === undefined) throw new Error(`no price is configured for operation ${operation.operation}`);
    return price;
  }

  async function admit(
    request: Request,
    operation: PricedOperation,
    target: RequestTarget = requestTarget(request.url),
    call?: PaidCall,
  ): Promise<Admission> {
    const { instance, path } = target;
    const price = priceOf(operation);
    const amount = price.perCall + price.perItem * BigInt(operation.items);
    try {
      await ready();
    } catch (error) {
      log("warn", "payment facilitator is not ready", { error: messageOf(error) });
      return respond(unavailable(instance, "the payment facilitator cannot be reached; try again shortly"));
    }
    const requirements = await challenges.requirementsFor(amount);
    const resource = await challengeResource(
      publicUrl ??= deps.publicUrl(),
      path,
      target.query,
      `${operation.operation}: ${operation.items} item${operation.items === 1 ? "" : "s"}`,
    );
    const { text: priceText, details: priceDetails } = priceTerms(
      request.method,
      path,
      price,
      operation,
      config,
    );
    const challengeAnswer = async (problem: PaymentProblem): Promise<GateAnswer> => {
      // The challenge names the problem; the body says what is wrong. A name keeps PAYMENT-REQUIRED within
      // the 4 KB header budget and lets every refusal of one request share one encoded challenge.
      const error = problem.name === "payment-required" ? "Payment required" : problem.name;
      const encoded = await challenges.encoded(
        error,
        resource,
        requirements,
        operation.operation,
        call?.tool,
      );
      const context: ChallengeContext = { instance, price: priceText, challenge: encoded, priceDetails };
      return paymentProblemAnswer(problem, context);
    };
    // Settlement's own 402s are Responses (x402_settlement.ts).
    const challenge = async (problem: PaymentProblem): Promise<Response> => {
      const { status, body, headers } = await challengeAnswer(problem);
      return new Response(body, { status, headers });
    };
    const refuse = async (problem: PaymentProblem): Promise<Admission> =>
      respond(await challengeAnswer(problem));

    const header = request.headers.get("payment-signature");
    if (header === null) {
      if (request.headers.has("x-payment")) {
        return refuse(
          malformed("X-PAYMENT is the x402 version 1 header; send PAYMENT-SIGNATURE (x402 version 2)"),
        );
      }
      return refuse({ name: "payment-required", message: "This operation requires payment", details: {} });
    }
    const decoded = decodePayment(header);
    if (typeof decoded === "string") return refuse(malformed(decoded));
    const { authorization } = decoded;
    // A payment buys the request it was made out for, and nothing else (resource_binding.ts).
    const otherResource = resourceMismatch(decoded.payload.resource, resource);
    if (otherResource !== undefined) return refuse(otherResource);
    const matching = server.findMatchingRequirements(requirements, decoded.payload);
    if (matching === undefined) return refuse(mismatch(decoded.payload.accepted, requirements[0]!));
    const payload = forwardedPayment(
      decoded.payload,
      resource,
      matching,
      challenges.extensionsOf(operation.operation, call?.tool),
    );
    const identity: PaymentIdentity = {
      network: matching.network,
      asset: matching.asset,
      from: authorization.from,
      nonce: authorization.nonce,
      validBefore: Number(authorization.validBefore),
    };
    const late = lateness(authorization.validBefore, config.maxTimeoutSeconds, now());
    if (late !== undefined) return refuse(late);
    // A payment identifier (payment_identifier.ts) met before is answered from what it bought.
    const kept = decoded.paymentId === undefined ? undefined : {
      answers,
      key: {
        payer: authorization.from,
        id: decoded.paymentId,
        request: requestOf(resource, amount, call?.pin),
      },
    };
    const again = (entry: KeptCall, verified: boolean) =>
      answerAgain(entry, {
        server,
        log,
        now,
        request: kept!.key.request,
        nonce: identity.nonce,
        payload,
        matching,
        verified,
        instance,
        requestId: call?.requestId,
        refuse,
      });
    const earlier = kept === undefined ? undefined : await answers.read(kept.key);
    if (earlier !== undefined) return again(earlier, false);
    if (!await claims.claim(identity)) {
      const state = await claims.state(identity);
      return refuse({
        name: "invalid-challenge",
        message: state === "settled"
          ? "This payment was already used; sign a new authorisation"
          : "This payment is already being processed by another request; sign a new authorisation",
        details: { payment_state: state ?? "released" },
      });
    }
    let verified: VerifyResponse | Response;
    try {
      verified = await verifyOrTrouble(server, payload, matching, instance, log);
    } catch (error) {
      // Anything but the facilitator's verdict or trouble is ours (500, uncharged).
      await claims.release(identity);
      throw error;
    }
    if (verified instanceof Response || !verified.isValid) {
      await claims.release(identity);
      if (verified instanceof Response) return respond(verified);
      return refuse(reasonProblem(verified.invalidReason, "The payment did not verify"));
    }
    // A store that fails from here on leaves the claim "verifying" until it expires: nothing was charged.
    if (kept !== undefined && !await answers.reserve(kept.key, identity.nonce, identity.validBefore)) {
      // Another call took this id meanwhile: this one's authorisation stays unspent.
      await claims.release(identity);
      return again(await answers.read(kept.key) ?? INVISIBLE, true);
    }
    await claims.mark(identity, "verified");

    return paidAdmission({
      server,
      claims,
      log,
      now,
      identity,
      payload,
      matching,
      operation: operation.operation,
      amount,
      instance,
      signal: request.signal,
      call,
      settlements,
      kept,
      challenge,
    });
  }

  return { admit: keepingUnpaidChallenges(admit), ready };
}

/** A kept call that vanished between being found taken and being read: still being answered, for all we know. */
const INVISIBLE: KeptCall = { state: "working", request: "", nonce: "", validBefore: 0 };

function respond(response: Response | GateAnswer): Admission {
  return { kind: "respond", response };
}
