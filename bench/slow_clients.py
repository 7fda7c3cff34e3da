"""Slow clients against one node with no proxy (issue 39): 20 uploads that send their headers
and 3 bytes of a 100 kB body, and 45 connections that send half a header, then nothing; then
/healthz and a page (/en/rules/), 5 tries each, 3 s allowed.

    DEBUG=1 .venv/bin/python -m uvicorn scorekeeper.asgi:application \
        --http scorekeeper.workers:Protocol --port 18392 --log-level error
    .venv/bin/python bench/slow_clients.py 18392
"""

import socket
import sys
import time
import urllib.request

UPLOAD = (
    b"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\na=1"
)
HALF_A_HEADER = b"GET /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-a: b"


def held(port, sent, count):
    sockets = []
    for _ in range(count):
        sockets.append(socket.create_connection(("127.0.0.1", port)))
        sockets[-1].sendall(sent)
    return sockets


def answered(port, path, tries=5):
    times = []
    for _ in range(tries):
        start = time.monotonic()
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=3).read()
        except OSError:
            continue
        times.append(time.monotonic() - start)
    return times


def main(port):
    slow = held(port, UPLOAD, 20) + held(port, HALF_A_HEADER, 45)
    time.sleep(1)
    for path in ["/healthz", "/en/rules/"]:
        times = answered(port, path)
        slowest = f", slowest {max(times):.3f} s" if times else ""
        print(f"{path}: {len(times)} of 5 answered{slowest}")
    for sock in slow:
        sock.close()


if __name__ == "__main__":
    main(int(sys.argv[1]))
