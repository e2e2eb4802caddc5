/**
 * The paying side of payment tests: the real x402 client (@x402/fetch with the exact/EVM client scheme and
 * a viem test key), plus helpers that sign a payment for a URL and alter it the ways an attacker or a
 * broken client would.
 */
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "npm:@x402/core@2.27.0/http";
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from "npm:@x402/core@2.27.0/types";
import { ExactEvmScheme } from "npm:@x402/evm@2.27.0/exact/client";
import { wrapFetchWithPayment, x402Client } from "npm:@x402/fetch@2.27.0";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "npm:viem@2.57.20/accounts";
import { appendPaymentIdentifierToExtensions } from "npm:@x402/extensions@2.27.0/payment-identifier";

/** A payer with a fresh test key. */
export interface Payer {
  readonly account: PrivateKeyAccount;
  readonly client: x402Client;
  /** fetch that pays 402 challenges. */
  readonly pay: (input: string, init?: RequestInit) => Promise<Response>;
}

/**
 * A payer with a new key, paying on Base Sepolia; with `paymentId`, each of its payments carries that payment
 * identifier, as the x402 payment-identifier client example appends it.
 */
export function newPayer(paymentId?: string): Payer {
  const account = privateKeyToAccount(generatePrivateKey());
  const client = new x402Client().register("eip155:84532", new ExactEvmScheme(account));
  if (paymentId !== undefined) {
    client.onBeforePaymentCreation(({ paymentRequired }) => {
      appendPaymentIdentifierToExtensions(paymentRequired.extensions ??= {}, paymentId);
      return Promise.resolve();
    });
  }
  return { account, client, pay: wrapFetchWithPayment(fetch, client) };
}

/** The challenge a URL answers with (its body drained). */
export async function challengeOf(url: string): Promise<PaymentRequired> {
  const response = await fetch(url);
  await response.body?.cancel();
  const header = response.headers.get("PAYMENT-REQUIRED");
  if (response.status !== 402 || header === null) {
    throw new Error(`${url} answered ${response.status}, not a challenge`);
  }
  return decodePaymentRequiredHeader(header);
}

/**
 * A signed payment for `url`, as the client would send it; `change` alters the requirements it signs; with
 * `paymentId`, it echoes the payment-identifier declaration with that id.
 */
export async function signedPayment(
  payer: Payer,
  url: string,
  change: (requirements: PaymentRequirements) => PaymentRequirements = (same) => same,
  paymentId?: string,
): Promise<PaymentPayload> {
  const required = await challengeOf(url);
  const offered = required.accepts[0]!;
  const signed = await new ExactEvmScheme(payer.account).createPaymentPayload(2, change(offered));
  // The payload echoes what the server offered, whatever was signed.
  const payload = { x402Version: 2, resource: required.resource, accepted: offered, payload: signed.payload };
  if (paymentId === undefined) return payload;
  const extensions = { "payment-identifier": structuredClone(required.extensions!["payment-identifier"]) };
  return { ...payload, extensions: appendPaymentIdentifierToExtensions(extensions, paymentId) };
}

/** The PAYMENT-SIGNATURE header of a payload. */
export function paymentHeader(payload: PaymentPayload): string {
  return encodePaymentSignatureHeader(payload);
}

/** GET `url` with a PAYMENT-SIGNATURE header value; returns status, body and headers. */
export async function presentPayment(
  url: string,
  header: string,
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(url, { headers: { "PAYMENT-SIGNATURE": header } });
  const text = await response.text();
  return { status: response.status, body: text === "" ? {} : JSON.parse(text), headers: response.headers };
}

/** A payment's answer when it is presented again: 402 invalid-challenge, with the state its claim is in. */
export function replayState(answer: { status: number; body: Record<string, unknown> }): string {
  if (answer.status !== 402 || answer.body.type !== "https://paymentauth.org/problems/invalid-challenge") {
    throw new Error(`not refused as a replay: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
  }
  return (answer.body.error as { details: { payment_state: string } }).details.payment_state;
}
