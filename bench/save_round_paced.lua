-- wrk -s bench/save_round_paced.lua URL -- COOKIE CSRF_TOKEN GAMES_FILE THREADS PACE_MS
-- The requests of save_round.lua, but each connection waits PACE_MS between its saves (wrk's
-- delay()): 20 connections at 200 ms on average (bench/run.py's default) offer about
-- 100 saves/s, a stated load well below what the server takes flat out, so the latency
-- measured is a save's own.
dofile("bench/save_round.lua")

local pace = 200
local init_saving = init

function init(args)
  init_saving(args)
  pace = tonumber(args[5] or pace)
end

-- Jittered around the pace (0 to twice it), as phones at different tables save at times of
-- their own: with a fixed pace the connections would stay in step and save in bursts.
function delay()
  return math.random(0, 2 * pace)
end
