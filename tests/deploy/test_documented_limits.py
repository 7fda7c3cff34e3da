"""The limits docs/deploy.md's systemd unit and nginx block give fit the app: a worker refuses
connections (503) before it runs out of file descriptors (scorekeeper/workers.py), and the
nginx block loads on Debian 12's nginx (1.22: no `http2 on;`)."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from scorekeeper.workers import Worker

DEPLOY = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"
# A worker's files besides its connections: database connections (ASGI_THREADS and the
# streams'), the log, the libraries, the listening socket, with room to spare.
OTHER_FILES = 200
# Where bin/system-packages looks for it (/usr/sbin is not on everyone's PATH).
NGINX = shutil.which("nginx") or os.environ.get("NGINX", "/usr/sbin/nginx")


def block(language):
    return re.findall(rf"```{language}\n(.*?)```", DEPLOY.read_text(), re.DOTALL)


def test_the_systemd_unit_gives_each_worker_more_files_than_its_connections():
    unit = next(text for text in block("ini") if "ExecStart=" in text and "gunicorn" in text)
    limit = int(re.search(r"^LimitNOFILE=(\d+)$", unit, re.MULTILINE).group(1))

    assert Worker.CONFIG_KWARGS["limit_concurrency"] + OTHER_FILES <= limit


@pytest.mark.skipif(not os.access(NGINX, os.X_OK), reason="nginx is not installed")
def test_the_nginx_block_loads(tmp_path):
    servers = block("nginx")[0].replace("/etc/letsencrypt/live/scores.example.org", str(tmp_path))
    key, cert = tmp_path / "privkey.pem", tmp_path / "fullchain.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=scores.example.org", "-keyout", key, "-out", cert],
                   check=True, capture_output=True)  # fmt: skip
    conf = tmp_path / "nginx.conf"
    conf.write_text(f"pid {tmp_path}/pid;\nerror_log stderr;\nevents {{}}\n"
                    f"http {{\naccess_log off;\n{servers}\n}}\n")  # fmt: skip

    checked = subprocess.run([NGINX, "-t", "-c", conf, "-p", tmp_path],
                             capture_output=True, text=True)  # fmt: skip

    assert checked.returncode == 0, checked.stderr
