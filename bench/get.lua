-- wrk -s bench/get.lua URL -- [COOKIE]: GET the page, signed in with COOKIE if given.
package.path = package.path .. ";bench/?.lua"
local report = require("report")

function init(args)
  if args[1] then wrk.headers["Cookie"] = args[1] end
end

function done(summary, latency, requests)
  report.done(summary, latency)
end
