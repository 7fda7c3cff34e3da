"""Ports for the servers the tests start, safe when pytest-xdist runs several workers at once.

A server that can take a socket already bound (gunicorn's `--bind fd://N`) gets one bound
here to a port the system picks: nothing can take it between the choice and the bind. The
others (redis-server, PostgreSQL, `manage.py runserver`) try the ports of a pool, one pool per
xdist worker (`pool`), and move on to the next port when theirs turns out to be taken.
"""

import os
import socket


def worker_number():
    """0 for xdist's worker gw0 (or a run without xdist), 1 for gw1, and so on."""
    return int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)


def pool(first, size=10):
    """This worker's `size` ports from `first`: gw0 has first.., gw1 the next `size`, etc."""
    start = first + worker_number() * size
    return range(start, start + size)


def bound_socket():
    """A listening socket on 127.0.0.1, on a free port the system picked, that a child process
    inherits (pass its fileno() to subprocess's pass_fds)."""
    listener = socket.create_server(("127.0.0.1", 0), backlog=128)
    listener.set_inheritable(True)
    return listener


def closed_port():
    """A socket bound to a port and never listening: connections to it are refused, and no
    other process can take the port while the socket is open."""
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    return taken


def free_port(ports):
    """The first port of `ports` that nothing holds now. Only for a server that can neither take
    a bound socket nor be started again on another port: from a pool of this worker's own, the
    port can only be lost to another program between the probe and the server's bind."""
    for port in ports:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {ports}")
