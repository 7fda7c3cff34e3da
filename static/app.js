// The one script every page loads (templates/base.html), as a module: it brings the others,
// one module of static/js/ per job. Every page works without JavaScript; these only help.
import "./js/forms.js"; // a field's error goes once it is filled again
import "./js/sheet.js"; // typing a round: Next, Done, "Emptied hand", who quit last
import "./js/save.js"; // a round's save, and what its answer or its failure shows
import "./js/outbox.js"; // drafts, and the rounds saved with no signal
import "./js/picker.js"; // L.L.A.M.A.'s card picker
import "./js/calculator.js"; // Llama Llama's hand calculator
import "./js/new-game.js"; // the new-game form
import "./js/live.js"; // the boards that follow the game, and a revoked link
import "./js/told.js"; // the end in view, and the game's moves said aloud
import "./js/offline.js"; // the service worker, and a page it copied
import "./js/logout.js"; // what an account leaves on the phone leaves with it
import "./js/awake.js"; // the screen awake during a game
import "./js/share.js"; // the result picture and the live link
import "./js/scroll-hint.js"; // "more players to the right" under a sheet too wide
import "./js/time-zone.js"; // the account page offers the phone's time zone
import "./js/phone-zone.js"; // an account with no time zone reads in the phone's
