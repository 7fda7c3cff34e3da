"""The Nu Html Checker (vnu.jar from npm's vnu-jar, run by Debian's Java) over rendered pages.

`make vnu` installs it into .vnu/ (once; `make test` does it). Java starts slowly,
so every page goes to one run.
"""

import json
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VNU_JAR = ROOT / ".vnu" / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
INSTALL = "make vnu (npm install --prefix .vnu vnu-jar; Java: apt-get install default-jre-headless)"


def missing():
    """What is missing to run the checker, or None."""
    if shutil.which("java") is None:
        return f"no java on the PATH: {INSTALL}"
    if not VNU_JAR.exists():
        return f"no {VNU_JAR.relative_to(ROOT)}: {INSTALL}"
    return None


def check(folder):
    """{file name: [error messages]} for every .html file in `folder`, errors only."""
    files = sorted(Path(folder).glob("*.html"))
    # One short run: the quick compiler alone and one garbage collector thread cost about a
    # third less CPU than Java's defaults (14 → 9 s for the whole site, measured).
    java = ["java", "-Xss4m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"]
    result = subprocess.run(
        [*java, "-jar", str(VNU_JAR), "--errors-only", "--format", "json", *files],
        capture_output=True,
        text=True,
        timeout=300,
    )
    errors = {}
    for message in json.loads(result.stderr or result.stdout)["messages"]:
        name = Path(message.get("url", "?").removeprefix("file:")).name
        where = f"line {message.get('lastLine', '?')}"
        extract = " ".join(message.get("extract", "").split())
        errors.setdefault(name, []).append(f"{where}: {message['message']} [{extract}]")
    return errors
