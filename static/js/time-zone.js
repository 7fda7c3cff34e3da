// An account that has not chosen a time zone: its account page offers this phone's, chosen in
// the list but not saved until the form is (the server's list is the one that counts). The
// list has one name per place; a phone may call its zone by an older one ("Asia/Calcutta",
// "Europe/Kiev"): the option the phone's own engine resolves to the same zone is offered.
const select = document.querySelector("select[data-phone-zone]");
const resolved = (zone) => {
  try {
    return Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null; // a zone this engine does not know
  }
};
if (select && select.value === "") {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const options = [...select.options].filter((option) => option.value);
  const offered =
    options.find((option) => option.value === zone) ||
    options.find((option) => resolved(option.value) === resolved(zone));
  if (offered) {
    offered.selected = true;
    select.form.querySelector("[data-phone-zone-chosen]")?.removeAttribute("hidden");
  }
}
