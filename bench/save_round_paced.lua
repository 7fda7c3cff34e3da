-- wrk -s bench/save_round_paced.lua URL -- COOKIE CSRF_TOKEN GAMES_FILE THREADS PACE_MS
-- The requests of save_round.lua, but each connection waits PACE_MS between its saves (wrk's
-- delay()): 20 connections at 100 ms offer about 200 saves/s, half what the server takes flat
-- out here, so the latency measured is a save's own, not the time spent queueing behind others.
dofile("bench/save_round.lua")

local pace = 100
local init_saving = init

function init(args)
  init_saving(args)
  pace = tonumber(args[5] or pace)
end

function delay()
  return pace
end
