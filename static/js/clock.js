// "20:41" in the page's language, with the day when it is not today's.
export function clockTime(date) {
  const today = date.toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(document.documentElement.lang, {
    ...(today ? {} : { day: "numeric", month: "short" }),
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(date);
}
