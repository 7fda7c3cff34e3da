-- wrk -s bench/poll.lua URL: a phone of the live view asking whether anything changed, as
-- htmx asks (HX-Request), with the revision it last saw: nothing did, so each answer is a 204.
package.path = package.path .. ";bench/?.lua"
local report = require("report")

wrk.headers["HX-Request"] = "true"

function done(summary, latency, requests)
  report.done(summary, latency)
end
