"""A bench module run again in the environment of the server it measures (its settings and its
database), and the JSON it prints last: what bench/growth.py and bench/follow.py seed and time
there."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_inside(env, module_file, *args):
    done = subprocess.run([sys.executable, module_file, *args], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True)  # fmt: skip
    return json.loads(done.stdout.splitlines()[-1])


def set_up_django():
    """In that run: Django set up as the server's environment says (the development settings
    when it says nothing)."""
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    os.environ.setdefault("DEBUG", "1")  # unset, DEBUG is off: production
    django.setup()


def main(alone, **commands):
    """A bench module's own command line: `run` measures alone (`alone()`); in the server's
    environment, NAME [ARGS]: the JSON of `commands[NAME](*ARGS)`, printed last."""
    name, *args = sys.argv[1:]
    if name == "run":
        alone()
        return
    set_up_django()
    print(json.dumps(commands[name](*args)))
