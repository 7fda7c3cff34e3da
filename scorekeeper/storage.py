"""Static files in production: whitenoise's compressed, hashed files, with the imports between
our JavaScript modules rewritten to the hashed names too. Without it, app.abc123.js would
import ./js/forms.js, a name the service worker never copied: the page's scripts would fail with
no signal, and a year-long cached module could import a newer one."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
