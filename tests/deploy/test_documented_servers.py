"""Every command line that the docs and bin/ give for serving the app starts a server that
answers its pages, with production's settings; `gunicorn scorekeeper.wsgi` (older notes', and
bin/lighthouse's until issue 38), which gunicorn.conf.py's uvicorn worker called as an ASGI
app and which answered 500 to every request, refuses to start and names scorekeeper.asgi
(scorekeeper/workers.py). `make run` (bin/serve, in development) is tests/deploy/test_serve.py's."""

import contextlib
import os
import re
import signal
import subprocess

import pytest

from tests.helpers.live import PYTHON, ROOT, Phone, manage, production_env
from tests.helpers.ports import bound_socket
from tests.helpers.worker import wait_for

pytestmark = [pytest.mark.server, pytest.mark.xdist_group("documented-servers")]

# Each way of serving, as the documents write it (the address and the workers come from
# gunicorn.conf.py's BIND and WEB_CONCURRENCY, or uvicorn's --fd), and where it is written.
SERVED = [
    # README.md's deployment (docs/deploy.md once split): the command, the systemd unit's
    # ExecStart and the Procfile's `web:`; bin/lighthouse's, with --bind and --workers.
    "gunicorn scorekeeper.asgi",
    # bin/serve's (`make run`), there with --reload and its address.
    "uvicorn scorekeeper.asgi:application",
]
REFUSED = ["gunicorn scorekeeper.wsgi"]
# The scripts run their lines, which must serve; a document may also name the refused one.
SCRIPTS = ["bin/*"]
DOCUMENTS = ["README.md", "docs/**/*.md"]
# A command line in a document: the program and the application it is given.
COMMAND = re.compile(r"\b(gunicorn|uvicorn)\s+(scorekeeper\.[\w.:]+)")
PAGES = ["/healthz", "/en/rules/"]


@pytest.fixture(scope="module")
def production(tmp_path_factory):
    folder = tmp_path_factory.mktemp("serving")
    env = production_env(folder / "static", f"sqlite:///{folder / 'db.sqlite3'}")
    env |= {"WEB_CONCURRENCY": "1", "LOG_LEVEL": "ERROR"}
    manage(env, "migrate", "--noinput")
    manage(env, "collectstatic", "--noinput")
    return env


def started(line, env):
    """The process of `line` (run with this Python) on a socket bound here, and the socket."""
    listener = bound_socket()
    fd = listener.fileno()
    program, *args = line.split()
    args += ["--fd", str(fd)] if program == "uvicorn" else []
    process = subprocess.Popen(
        [PYTHON, "-m", program, *args], cwd=ROOT, env={**env, "BIND": f"fd://{fd}"},
        pass_fds=[fd], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        start_new_session=True,  # ended with its workers, which hold its stderr open
    )  # fmt: skip
    return process, listener


@pytest.mark.parametrize("line", SERVED)
def test_each_documented_command_line_serves_the_pages(production, line):
    process, listener = started(line, production)
    server = type("Server", (), {"port": listener.getsockname()[1]})()
    try:
        wait_for(lambda: process.poll() is not None or _answers(server), timeout=30)
        assert process.poll() is None, process.communicate()[1]
        assert {path: Phone(server).get(path).status for path in PAGES} == dict.fromkeys(PAGES, 200)
    finally:
        stop(process)
        listener.close()


@pytest.mark.parametrize("line", REFUSED)
def test_the_wsgi_module_under_gunicorn_refuses_to_start_and_names_the_asgi_one(production, line):
    process, listener = started(line, production)
    try:
        _, errors = process.communicate(timeout=30)  # it answered 500s until stopped
    except subprocess.TimeoutExpired:
        errors = "still running after 30 s"
    finally:
        stop(process)
        listener.close()

    assert process.returncode == 4  # gunicorn's "App failed to load."
    assert "`gunicorn scorekeeper.asgi`" in errors


def test_the_scripts_run_a_line_that_serves_and_the_documents_none_untried_here():
    scripts, documents = command_lines(SCRIPTS), command_lines(DOCUMENTS)
    assert "gunicorn scorekeeper.asgi" in documents  # the pattern still reads them

    assert {line: where for line, where in scripts.items() if line not in SERVED} == {}
    untried = {line: where for line, where in documents.items() if line not in SERVED + REFUSED}
    assert untried == {}


def command_lines(patterns):
    """Each program-and-app pair the files of `patterns` write, with a file that writes it."""
    paths = {path for pattern in patterns for path in ROOT.glob(pattern) if path.is_file()}
    return {
        f"{program} {app}": str(path.relative_to(ROOT))
        for path in sorted(paths)
        for program, app in COMMAND.findall(path.read_text(errors="replace"))
    }


def stop(process):
    """`process` and its children (gunicorn's workers) ended."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM if process.poll() is None else signal.SIGKILL)
    try:
        process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()


def _answers(server):
    try:
        return Phone(server).get("/healthz").status == 200
    except OSError:
        return False
