// An account that has not chosen a time zone: its account page offers this phone's, chosen in
// the list but not saved until the form is (the server's list is the one that counts).
const select = document.querySelector("select[data-phone-zone]");
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const offered = select && [...select.options].find((option) => option.value === zone);
if (offered && select.value === "") {
  offered.selected = true;
  select.form.querySelector("[data-phone-zone-chosen]")?.removeAttribute("hidden");
}
