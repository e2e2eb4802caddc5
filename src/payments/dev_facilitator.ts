/**
 * The local development facilitator: @x402/core's x402Facilitator with @x402/evm's exact/EVM facilitator
 * scheme, on an in-memory token ledger instead of a chain. It is what the service pays against when
 * FACILITATOR_URL is unset, and what the tests pay against.
 *
 * The scheme runs unchanged: it asks its signer for contract reads, code, writes and receipts, and this
 * file answers them from the ledger of one EIP-3009 token (the configured asset, never contacted). A
 * transferWithAuthorization, simulated or written, checks what the token contract checks: the time window,
 * the nonce not used, the EIP-712 signature recovered (for real, with viem) to `from`, and the balance.
 * Every address starts with 1,000 test tokens. The HTTP face is the facilitator protocol: POST /verify,
 * POST /settle, GET /supported, served on 127.0.0.1.
 */
import { x402Facilitator } from "npm:@x402/core@2.27.0/facilitator";
import type { Network, PaymentPayload, PaymentRequirements } from "npm:@x402/core@2.27.0/types";
import { authorizationTypes, eip3009ABI } from "npm:@x402/evm@2.27.0";
import { ExactEvmScheme } from "npm:@x402/evm@2.27.0/exact/facilitator";
import {
  decodeFunctionData,
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionResult,
  getAddress,
  type Hex,
  isAddressEqual,
  keccak256,
  type Log,
  parseAbi,
  recoverTypedDataAddress,
  serializeSignature,
  verifyTypedData,
} from "npm:viem@2.57.20";
import type { Address, PaymentAsset } from "./payment_config.ts";

/** Test balance every address starts with, in whole tokens. */
export const DEV_STARTING_BALANCE = 1000n;

/** The address the development facilitator "pays gas" from (nobody holds its key). */
export const DEV_FACILITATOR_ADDRESS: Address = "0x00000000000000000000000000000000000FAC17";

const TRANSFER_EVENT = parseAbi(["event Transfer(address indexed from, address indexed to, uint256 value)"]);
// Bytecode stands in for "a contract is deployed here": the scheme refuses assets without code.
const TOKEN_CODE: Hex = "0x6080604052";

/** The ledger of one token: balances, used authorisation nonces and receipts of settled transfers. */
export class DevLedger {
  readonly #balances = new Map<string, bigint>();
  readonly #usedNonces = new Set<string>();
  readonly #receipts = new Map<string, { from: Address; to: Address; value: bigint }>();
  readonly #start: bigint;

  constructor(
    readonly asset: PaymentAsset,
    readonly chainId: number,
    readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.#start = DEV_STARTING_BALANCE * 10n ** BigInt(asset.decimals);
  }

  /** Balance of `address` in atomic units. */
  balanceOf(address: string): bigint {
    return this.#balances.get(address.toLowerCase()) ?? this.#start;
  }

  /** Sets the balance of `address` (tests: an unfunded payer). */
  setBalance(address: string, units: bigint): void {
    this.#balances.set(address.toLowerCase(), units);
  }

  /** Whether `from` has used `nonce`. */
  nonceUsed(from: string, nonce: string): boolean {
    return this.#usedNonces.has(`${from.toLowerCase()}:${nonce.toLowerCase()}`);
  }

  /** Number of transfers settled so far. */
  get settledCount(): number {
    return this.#receipts.size;
  }

  /** Checks a transferWithAuthorization as the token contract would; throws the contract's revert text. */
  async check(args: readonly unknown[]): Promise<{ from: Address; to: Address; value: bigint; nonce: Hex }> {
    const [from, to, value, validAfter, validBefore, nonce, ...signatureParts] = args as [
      Address,
      Address,
      bigint,
      bigint,
      bigint,
      Hex,
      ...unknown[],
    ];
    const now = BigInt(this.nowSeconds());
    if (now <= validAfter) throw new Error("FiatTokenV2: authorization is not yet valid");
    if (now >= validBefore) throw new Error("FiatTokenV2: authorization is expired");
    let signer: Address;
    try {
      signer = await recoverTypedDataAddress({
        domain: this.#domain(),
        types: authorizationTypes,
        primaryType: "TransferWithAuthorization",
        message: { from, to, value, validAfter, validBefore, nonce },
        signature: signatureOf(signatureParts),
      });
    } catch {
      throw new Error("FiatTokenV2: invalid signature");
    }
    if (!isAddressEqual(signer, from)) throw new Error("FiatTokenV2: invalid signature");
    // State checks after the await, so that two concurrent transfers of one nonce cannot both pass.
    if (this.nonceUsed(from, nonce)) throw new Error("FiatTokenV2: authorization is used or canceled");
    if (this.balanceOf(from) < value) throw new Error("ERC20: transfer amount exceeds balance");
    return { from: getAddress(from), to: getAddress(to), value, nonce };
  }

  /** Executes a transferWithAuthorization; returns its transaction hash. */
  async transfer(args: readonly unknown[]): Promise<Hex> {
    const { from, to, value, nonce } = await this.check(args);
    this.#usedNonces.add(`${from.toLowerCase()}:${nonce.toLowerCase()}`);
    this.setBalance(from, this.balanceOf(from) - value);
    this.setBalance(to, this.balanceOf(to) + value);
    const hash = keccak256(encodeAbiParameters([{ type: "address" }, { type: "bytes32" }], [from, nonce]));
    this.#receipts.set(hash, { from, to, value });
    return hash;
  }

  /** The receipt of a settled transfer, with its Transfer log (the scheme checks it). */
  receipt(hash: Hex): { status: string; logs: Log[] } {
    const transfer = this.#receipts.get(hash);
    if (transfer === undefined) return { status: "reverted", logs: [] };
    const topics = encodeEventTopics({
      abi: TRANSFER_EVENT,
      eventName: "Transfer",
      args: { from: transfer.from, to: transfer.to },
    });
    const log: Log = {
      address: this.asset.address,
      topics: topics as Log["topics"],
      data: encodeAbiParameters([{ type: "uint256" }], [transfer.value]),
      blockHash: hash,
      blockNumber: 1n,
      logIndex: 0,
      transactionHash: hash,
      transactionIndex: 0,
      removed: false,
    };
    return { status: "success", logs: [log] };
  }

  /** Answers a read of the token contract. */
  async read(functionName: string, args: readonly unknown[]): Promise<unknown> {
    switch (functionName) {
      case "balanceOf":
        return this.balanceOf(args[0] as string);
      case "authorizationState":
        return this.nonceUsed(args[0] as string, args[1] as string);
      case "name":
        return this.asset.name;
      case "version":
        return this.asset.version;
      case "decimals":
        return this.asset.decimals;
      case "transferWithAuthorization":
        // A simulation: the scheme only needs to know whether it would revert.
        await this.check(args);
        return undefined;
      default:
        throw new Error(`execution reverted: the development token has no ${functionName}`);
    }
  }

  #domain() {
    return {
      name: this.asset.name,
      version: this.asset.version,
      chainId: this.chainId,
      verifyingContract: this.asset.address,
    };
  }
}

/** The signer the exact/EVM facilitator scheme uses, answered from `ledger`. */
export function ledgerSigner(ledger: DevLedger): ConstructorParameters<typeof ExactEvmScheme>[0] {
  const isToken = (address: string) => isAddressEqual(address as Address, ledger.asset.address);
  return {
    getAddresses: () => [DEV_FACILITATOR_ADDRESS],
    readContract: async ({ address, functionName, args = [] }) => {
      if (functionName === "tryAggregate") {
        // Multicall3: the scheme batches its diagnostic reads; run each against the ledger.
        const calls = args[1] as readonly { target: Address; callData: Hex }[];
        return await Promise.all(calls.map(async ({ target, callData }) => {
          try {
            if (!isToken(target)) throw new Error("no contract");
            const call = decodeFunctionData({ abi: eip3009ABI, data: callData });
            const result = await ledger.read(call.functionName, call.args ?? []);
            const returnData = encodeFunctionResult(
              {
                abi: eip3009ABI,
                functionName: call.functionName,
                result,
              } as Parameters<typeof encodeFunctionResult>[0],
            );
            return { success: true, returnData };
          } catch {
            return { success: false, returnData: "0x" };
          }
        }));
      }
      if (!isToken(address)) throw new Error(`execution reverted: no contract at ${address}`);
      return await ledger.read(functionName, args);
    },
    verifyTypedData: (typed) => verifyTypedData(typed as Parameters<typeof verifyTypedData>[0]),
    writeContract: async ({ address, functionName, args }) => {
      if (!isToken(address) || functionName !== "transferWithAuthorization") {
        throw new Error(`execution reverted: the development ledger cannot run ${functionName}`);
      }
      return await ledger.transfer(args);
    },
    sendTransaction: () => Promise.reject(new Error("the development ledger sends no raw transactions")),
    waitForTransactionReceipt: ({ hash }) => Promise.resolve(ledger.receipt(hash)),
    getCode: ({ address }) => Promise.resolve(isToken(address) ? TOKEN_CODE : "0x"),
  };
}

/** The facilitator protocol over HTTP, as a request handler. */
export function facilitatorHandler(facilitator: x402Facilitator): (request: Request) => Promise<Response> {
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (request.method === "GET" && pathname === "/supported") return json(200, facilitator.getSupported());
    if (request.method !== "POST" || (pathname !== "/verify" && pathname !== "/settle")) {
      return json(404, { error: `no facilitator operation ${request.method} ${pathname}` });
    }
    let body: { paymentPayload?: PaymentPayload; paymentRequirements?: PaymentRequirements };
    try {
      body = await request.json();
    } catch {
      return json(400, { error: "the body is not JSON" });
    }
    const { paymentPayload, paymentRequirements } = body;
    if (typeof paymentPayload !== "object" || typeof paymentRequirements !== "object") {
      return json(400, { error: "the body needs paymentPayload and paymentRequirements" });
    }
    try {
      return json(
        200,
        pathname === "/verify"
          ? await facilitator.verify(paymentPayload, paymentRequirements)
          : await facilitator.settle(paymentPayload, paymentRequirements),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return json(
        400,
        pathname === "/verify"
          ? { isValid: false, invalidReason: "unsupported_payment", invalidMessage: message }
          : {
            success: false,
            errorReason: "unsupported_payment",
            errorMessage: message,
            transaction: "",
            network: paymentRequirements.network,
          },
      );
    }
  };
}

/** A running development facilitator. */
export interface DevFacilitator {
  /** Base URL, e.g. http://127.0.0.1:43111. */
  readonly url: string;
  readonly ledger: DevLedger;
  close(): Promise<void>;
}

/** Starts the development facilitator for `network` and `asset` on 127.0.0.1 (`port` 0 picks a free one). */
export function startDevFacilitator(
  options: { network: Network; asset: PaymentAsset; port?: number; nowSeconds?: () => number },
): DevFacilitator {
  const chainId = Number(options.network.split(":")[1]);
  const ledger = new DevLedger(options.asset, chainId, options.nowSeconds);
  const facilitator = new x402Facilitator().register(
    options.network,
    new ExactEvmScheme(ledgerSigner(ledger)),
  );
  const handler = facilitatorHandler(facilitator);
  const server = Deno.serve({ hostname: "127.0.0.1", port: options.port ?? 0, onListen: () => {} }, handler);
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    ledger,
    close: () => server.shutdown(),
  };
}

function signatureOf(parts: readonly unknown[]): Hex {
  if (parts.length === 1) return parts[0] as Hex;
  const [v, r, s] = parts as [bigint | number, Hex, Hex];
  const recovery = Number(v);
  return serializeSignature({ r, s, yParity: recovery >= 27 ? recovery - 27 : recovery });
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}
