-- wrk -s bench/save_round.lua URL -- COOKIE CSRF_TOKEN GAMES_FILE THREADS
-- Every request saves a new round: each wrk thread owns its share of the games in GAMES_FILE
-- (two players each, fresh) and posts round 1, 2, 3... of each in turn, so a game gets its
-- next round only after every other game of the thread got one (never two in flight).
-- Rounds of 1 and 1 points end a game at round 40: the thread then stops using it. Nobody
-- empties a hand, so the first player is said to have quit last. Each request carries a
-- submission key of its own, as the sheet's form gives every phone.
package.path = package.path .. ";bench/?.lua"
local report = require("report")

local threads, count = {}, 0
local LAST_ROUND = 40

function setup(thread)
  thread:set("id", count)
  count = count + 1
  table.insert(threads, thread)
end

local games, next_round, turn = {}, {}, 0
saved, refused = 0, 0

-- A random (version 4) UUID, as Python's uuid.uuid4() writes it.
local function submission_key()
  local function hex()
    return string.format("%04x", math.random(0, 65535))
  end
  local variant = string.format("%x", math.random(8, 11))
  return hex() .. hex() .. "-" .. hex() .. "-4" .. hex():sub(2) .. "-" .. variant ..
    hex():sub(2) .. "-" .. hex() .. hex() .. hex()
end

function init(args)
  math.randomseed(os.time() * 100 + id)
  wrk.headers["Cookie"] = args[1]
  wrk.headers["X-CSRFToken"] = args[2]
  wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
  local index = 0
  for line in io.lines(args[3]) do
    if index % tonumber(args[4]) == id then
      table.insert(games, line)
      next_round[line] = 1
    end
    index = index + 1
  end
end

local checked = false

function request()
  -- wrk 4 calls request() once in thread 0 to check the script before the run: that call
  -- must not use up a round, or the game's real first request would be round 2.
  if id == 0 and not checked then
    checked = true
    return wrk.format("POST", "/healthz")
  end
  for _ = 1, #games do
    turn = turn % #games + 1
    local game = games[turn]
    local number = next_round[game]
    if number <= LAST_ROUND then
      next_round[game] = number + 1
      local body = "round_number=" .. number .. "&seat_0=1&seat_1=1&last_to_quit=0" ..
        "&idempotency_key=" .. submission_key()
      return wrk.format("POST", "/games/" .. game .. "/rounds/", nil, body)
    end
  end
  error("every game of this thread is over: seed more games")
end

function response(status, headers, body)
  if status == 302 then saved = saved + 1 else refused = refused + 1 end
end

function done(summary, latency, requests)
  local total_saved, total_refused = 0, 0
  for _, thread in ipairs(threads) do
    total_saved = total_saved + thread:get("saved")
    total_refused = total_refused + thread:get("refused")
  end
  report.done(summary, latency,
    string.format(', "saved": %d, "refused": %d', total_saved, total_refused))
end
