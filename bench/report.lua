-- Shared by the wrk scripts: one JSON line with what bench/run.py prints.
local report = {}

function report.done(summary, latency, extra)
  local errors = summary.errors
  io.write(string.format(
    '{"requests": %d, "duration_us": %d, "p50_us": %d, "p99_us": %d, "status_errors": %d, ' ..
    '"socket_errors": %d%s}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    errors.status, errors.connect + errors.read + errors.write + errors.timeout, extra or ""))
end

return report
