/**
 * The token bucket as one Lua script, so that a rate-limited request costs one Redis round trip and the
 * refill and the take are atomic across replicas. It computes exactly what MemoryStateStore.takeToken
 * computes (the same double arithmetic; tokens are stored with 17 significant digits, which round-trip).
 *
 * Time is the Redis server's (TIME) unless the caller passes its own: replicas' clocks differ, and a bucket
 * refilled by whichever replica's clock touched it last would gain or lose the skew on every alternation.
 * The caller's clock is for the contract tests, which must step time. A full bucket carries no information,
 * so the key expires exactly when the bucket would be full again.
 *
 * KEYS[1]: the bucket. ARGV: capacity, window in ms, the caller's time in ms or "" for the server's.
 * Returns { allowed (0|1), remaining, retryAfterMs, resetMs }, all integers. Needs Redis 5 or later (TIME
 * in a script that writes).
 */
export const TOKEN_BUCKET_LUA = `
local capacity = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now
if ARGV[3] == "" then
  local time = redis.call("TIME")
  now = tonumber(time[1]) * 1000 + tonumber(time[2]) / 1000
else
  now = tonumber(ARGV[3])
end
local per_ms = capacity / window
local stored = redis.call("HMGET", KEYS[1], "tokens", "updated")
local tokens = tonumber(stored[1])
local updated = tonumber(stored[2])
if tokens == nil or updated == nil then
  tokens = capacity
  updated = now
end
tokens = math.min(capacity, tokens + math.max(0, now - updated) * per_ms)
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
local reset = math.ceil((capacity - tokens) / per_ms)
if reset > 0 then
  redis.call("HSET", KEYS[1], "tokens", string.format("%.17g", tokens), "updated", string.format("%.17g", now))
  redis.call("PEXPIRE", KEYS[1], reset)
else
  redis.call("DEL", KEYS[1])
end
local retry = 0
if allowed == 0 then retry = math.ceil((1 - tokens) / per_ms) end
return { allowed, math.floor(tokens), retry, reset }
`;
