"""bin/system-packages: `make test` and `make run` install the Debian packages they lack.

Each test runs the script (or make) in a made-up system: a PATH holding only bash and fake
commands, a fake `id` that says who runs it, and a fake `apt-get` that writes down how it was
called.
Nothing is installed or removed on this machine.
"""

import os
import shutil
import subprocess

import pytest

from tests.helpers.live import ROOT

TEST_PACKAGES = [
    "gettext", "fonts-dejavu-core", "python3-venv", "chromium", "redis-server", "postgresql",
    "default-jre-headless", "npm", "firefox-esr", "webkit2gtk-driver", "xvfb", "python3-gi",
    "gir1.2-webkit2-4.1", "nginx-light",
]  # fmt: skip
# What each package puts where the script looks for it.
COMMANDS = {
    "redis-server": ["redis-server", "redis-cli"],
    "default-jre-headless": ["java"],
    "npm": ["npm"],
    "gettext": ["msgfmt", "xgettext"],
    "xvfb": ["Xvfb"],
}
# What the others put in place, under the system's folder.
FILES = {
    "chromium": "chromium/chromium",
    "postgresql": "postgresql/17/bin/initdb",
    "fonts-dejavu-core": "fonts/DejaVuSans.ttf",
    "firefox-esr": "firefox/firefox-esr",
    "webkit2gtk-driver": "webkit/WebKitWebDriver",
    "python3-gi": "dist-packages/gi/__init__.py",
    "gir1.2-webkit2-4.1": "girepository-1.0/WebKit2-4.1.typelib",
    "nginx-light": "sbin/nginx",
}


def executable(path, body="exit 0"):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(0o755)


@pytest.fixture
def system(tmp_path):
    """A system with none of the packages, run by `uid`; `install` puts one in place."""

    class System:
        bin = tmp_path / "bin"
        apt_log = tmp_path / "apt-get.log"
        env = {
            "PATH": str(tmp_path / "bin"),
            "CHROMIUM": str(tmp_path / "chromium/chromium"),
            "POSTGRES_BIN": str(tmp_path / "postgresql/17/bin"),
            "PYTHON": str(tmp_path / "python3.13"),
            "RESULT_FONT_DIR": str(tmp_path / "fonts"),
            "FIREFOX": str(tmp_path / "firefox/firefox-esr"),
            "WEBKIT_DRIVER": str(tmp_path / "webkit/WebKitWebDriver"),
            "SYSTEM_PYTHON_PACKAGES": str(tmp_path / "dist-packages"),
            "GI_TYPELIB_DIR": str(tmp_path / "girepository-1.0"),
            "NGINX": str(tmp_path / "sbin/nginx"),
            "HOME": str(tmp_path),
        }

        def __init__(self):
            self.bin.mkdir()
            os.symlink(shutil.which("bash"), self.bin / "bash")
            executable(self.bin / "apt-get", f'echo "$DEBIAN_FRONTEND $*" >> {self.apt_log}')
            self.run_as(uid=0)
            self.python(ensurepip=False)

        def python(self, ensurepip):
            """A Python 3.13 (to bin/find-python), with or without what makes virtualenvs."""
            answer = 0 if ensurepip else 1
            executable(tmp_path / "python3.13", f'[ "$1" = -m ] && exit {answer}\nexit 0')

        def run_as(self, uid):
            executable(self.bin / "id", f'[ "$1" = -u ] && echo {uid}')

        def install(self, package):
            if package in FILES:
                executable(tmp_path / FILES[package])
            elif package == "python3-venv":
                self.python(ensurepip=True)
            else:
                for command in COMMANDS[package]:
                    executable(self.bin / command)

        def apt_calls(self):
            return self.apt_log.read_text().splitlines() if self.apt_log.exists() else []

        def run(self, *command):
            return subprocess.run(
                command, cwd=ROOT, env=self.env, capture_output=True, text=True, timeout=60
            )

        def system_packages(self, *packages):
            return self.run("bin/system-packages", *packages)

    return System()


@pytest.mark.parametrize("missing", TEST_PACKAGES)
def test_as_root_it_installs_exactly_the_missing_package(system, missing):
    for package in TEST_PACKAGES:
        if package != missing:
            system.install(package)
    done = system.system_packages(*TEST_PACKAGES)
    assert done.returncode == 0, done.stderr
    assert system.apt_calls() == [
        "noninteractive update -qq",
        f"noninteractive install -y -qq {missing}",
    ]


def test_as_root_it_installs_every_missing_package_in_one_go(system):
    system.install("npm")
    system.install("gettext")
    done = system.system_packages(*TEST_PACKAGES)
    assert done.returncode == 0, done.stderr
    assert system.apt_calls() == [
        "noninteractive update -qq",
        "noninteractive install -y -qq fonts-dejavu-core python3-venv chromium redis-server "
        "postgresql default-jre-headless firefox-esr webkit2gtk-driver xvfb python3-gi "
        "gir1.2-webkit2-4.1 nginx-light",
    ]


def test_it_does_nothing_when_every_package_is_there(system):
    for package in TEST_PACKAGES:
        system.install(package)
    done = system.system_packages(*TEST_PACKAGES)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert system.apt_calls() == []


def test_redis_without_its_client_counts_as_missing(system):
    executable(system.bin / "redis-server")
    system.system_packages("redis-server")
    assert system.apt_calls()[-1] == "noninteractive install -y -qq redis-server"


def test_without_any_python_it_leaves_the_advice_to_find_python(system):
    del system.env["PYTHON"]
    done = system.system_packages("python3-venv")
    assert (done.returncode, done.stderr) == (0, "")
    assert system.apt_calls() == []


def test_anyone_else_is_shown_the_one_command_and_stopped(system):
    system.run_as(uid=1000)
    for package in [
        "fonts-dejavu-core",
        "python3-venv",
        "redis-server",
        "default-jre-headless",
        "npm",
        "xvfb",
        "python3-gi",
    ]:
        system.install(package)
    done = system.system_packages(*TEST_PACKAGES)
    assert done.returncode != 0
    assert (
        "  sudo apt-get install gettext chromium postgresql firefox-esr webkit2gtk-driver "
        "gir1.2-webkit2-4.1 nginx-light\n"
    ) in done.stderr
    assert system.apt_calls() == []


def test_it_refuses_a_package_it_cannot_look_for(system):
    done = system.system_packages("chromium", "cowsay")
    assert done.returncode == 2
    assert "cowsay" in done.stderr
    assert system.apt_calls() == []


@pytest.mark.parametrize(("target", "missing"), [("test", "chromium"), ("run", "gettext")])
def test_make_stops_before_the_set_up_when_a_package_is_missing(system, tmp_path, target, missing):
    system.run_as(uid=1000)
    for package in TEST_PACKAGES:
        if package != missing:
            system.install(package)
    for tool in ["make", "env"]:  # what make needs to run bin/system-packages
        os.symlink(shutil.which(tool), system.bin / tool)
    venv = tmp_path / "venv"
    done = system.run("make", "--no-print-directory", f"VENV={venv}", target)
    assert done.returncode != 0
    assert f"  sudo apt-get install {missing}\n" in done.stderr
    assert not venv.exists()  # the set-up, and so every test, comes after
    assert system.apt_calls() == []
