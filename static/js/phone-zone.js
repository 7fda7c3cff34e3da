// An account that never chose a time zone reads its dates and nights in this phone's from its
// next page on: the page says where to send it (<body data-phone-zone>) only while the account
// has none, and the server keeps it only then (common/zones.py, offer). The account page
// changes it at any time. Offline, nothing is sent: the next page online asks again.
import { pageToken } from "./csrf.js";

const url = document.body.dataset.phoneZone;
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
if (url && zone) {
  fetch(url, {
    method: "POST",
    headers: { "x-csrftoken": pageToken() },
    body: new URLSearchParams({ time_zone: zone }),
  }).catch(() => {}); // no signal: asked again on the next page
}
