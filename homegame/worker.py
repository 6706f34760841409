"""A long-lived worker process: work the event loop must not wait on, run where it cannot
stall the loop, print on the screen, or outlive a time limit.

`Worker.call(function_name, *args)` runs `homegame.work.<function_name>(*args)` in a child
process (`python -m homegame.worker`) and returns its result; calls run one at a time. The
child is started at the first call, not before, and started afresh after it ended or was
killed. It has no terminal: its standard input, output and error are the null device, so
nothing it prints or reads reaches the screen or the keys, and it runs in a session of its
own. The request and the answer travel as pickles over two pipes the child keeps apart from
its standard streams. A call that does not come back within its `limit` (seconds, on the
injected wall clock) has the child and everything it started killed; `memory` caps the
child's address space (`resource.RLIMIT_AS`), so a runaway allocation fails inside it; `nice`
lowers its scheduling priority, so the event loop's process gets the CPU first. A child whose
parent is gone ends within a second, and every child is killed when this process exits.

Whatever the work does (raises any `BaseException`, calls `sys.exit` or `os._exit`, never
returns, eats memory), the caller gets either the result or `WorkFailed` with one line that
says what happened and names no value of the work's.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import os
import pickle
import signal
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["START_LIMIT", "WorkFailed", "Worker", "kill_all"]

#: Seconds a new child may take to start (the interpreter, then `homegame.work`'s imports).
START_LIMIT = 20.0
#: The length prefix of each pickle on the pipes.
_HEADER = struct.Struct(">Q")
#: How often the child checks that its parent is still there, in seconds.
_ORPHAN_CHECK = 1.0


class WorkFailed(Exception):
    """A call that gave no result: the work raised, its process ended, or it ran out of time.
    The message is one line naming what happened, never a value of the work's."""


class Worker:
    """One child process that runs calls into `homegame.work`, one at a time."""

    def __init__(
        self,
        *,
        memory: int | None = None,
        nice: int = 0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        #: The child's address-space cap in bytes (None: no cap).
        self.memory = memory
        #: How much lower than this process's the child's scheduling priority is (`os.nice`):
        #: when both want the CPU, the event loop gets it first.
        self.nice = nice
        self._clock = clock
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = asyncio.Lock()
        #: How many children were started (a killed or ended one is replaced at the next call).
        self.starts = 0

    @property
    def pid(self) -> int | None:
        """The running child's process id (None: none runs)."""
        return self._process.pid if self.running and self._process is not None else None

    @property
    def running(self) -> bool:
        """A child is up (started and not ended)."""
        return self._process is not None and self._process.poll() is None

    async def call(self, function: str, *args: Any, limit: float | None = None) -> Any:
        """`homegame.work.<function>(*args)` in the child; WorkFailed when it gives no result
        within `limit` seconds (None: no limit), raised, or ended the child."""
        async with self._lock:
            process = await self._started()
            request = pickle.dumps((function, args), protocol=pickle.HIGHEST_PROTOCOL)
            try:
                assert process.stdin is not None
                process.stdin.write(_HEADER.pack(len(request)) + request)
                process.stdin.flush()
                reply = await self._receive(process, limit)
            except TimeoutError:  # before OSError, of which it is one
                self._kill()
                raise WorkFailed(f"took longer than {limit:g} s") from None
            except (OSError, EOFError):
                self._kill()
                raise WorkFailed("ended its process") from None
            try:
                kind, value = pickle.loads(reply)
            except Exception:  # an answer of a class this process does not have
                raise WorkFailed("gave an answer that cannot be read") from None
            if kind == "raised":
                raise WorkFailed(f"raised {value}")
            return value

    async def _receive(self, process: subprocess.Popen[bytes], limit: float | None) -> bytes:
        """The child's next message, read as it arrives without blocking the loop; EOFError
        when the child ended first, TimeoutError once `limit` seconds passed on the clock."""
        assert process.stdout is not None
        fd = process.stdout.fileno()
        loop = asyncio.get_running_loop()
        message = self._reading(fd, loop)
        try:
            if limit is None:
                return await message
            deadline = self._clock() + limit
            step = min(0.05, limit / 4)
            while not message.done():
                left = deadline - self._clock()
                if left <= 0:
                    raise TimeoutError
                await asyncio.wait({message}, timeout=min(step, left))
            return message.result()
        finally:
            loop.remove_reader(fd)  # now: the next child's pipe may get the same number
            message.cancel()

    @staticmethod
    def _reading(fd: int, loop: asyncio.AbstractEventLoop) -> asyncio.Future[bytes]:
        """A future of the next message on `fd`, filled by a reader on the loop."""
        message: asyncio.Future[bytes] = loop.create_future()
        got = bytearray()

        def ready() -> None:
            try:
                chunk = os.read(fd, 1 << 16)
            except BlockingIOError:
                return
            except OSError:
                chunk = b""
            if message.done():
                return
            if not chunk:
                message.set_exception(EOFError())
                return
            got.extend(chunk)
            if len(got) >= _HEADER.size:
                (size,) = _HEADER.unpack_from(got)
                if len(got) >= _HEADER.size + size:
                    message.set_result(bytes(got[_HEADER.size : _HEADER.size + size]))

        loop.add_reader(fd, ready)
        return message

    async def start(self) -> None:
        """Start the child now if none runs (a call would start it anyway)."""
        async with self._lock:
            await self._started()

    async def _started(self) -> subprocess.Popen[bytes]:
        """The running child, started now if there is none."""
        process = self._process
        if process is not None and process.poll() is None:
            return process
        self._kill()
        self._process = process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "homegame.worker",
                "" if self.memory is None else str(self.memory),
                str(self.nice),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
            env=_child_environment(),
        )
        assert process.stdout is not None
        os.set_blocking(process.stdout.fileno(), False)
        self.starts += 1
        _running.add(process)
        try:
            ready = await self._receive(process, START_LIMIT)
        except (OSError, EOFError):  # TimeoutError is an OSError
            self._kill()
            raise WorkFailed("could not start its process") from None
        if pickle.loads(ready) != ("ready", None):
            self._kill()
            raise WorkFailed("could not start its process")
        return process

    def _kill(self) -> None:
        """Kill the child and everything it started (its session), and close the pipes; the
        next call starts a new one."""
        process, self._process = self._process, None
        if process is None:
            return
        _running.discard(process)
        if process.poll() is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)
            with contextlib.suppress(ProcessLookupError):
                process.kill()
        for pipe in (process.stdin, process.stdout):
            with contextlib.suppress(OSError):
                if pipe is not None:
                    pipe.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=1.0)  # killed: it ends at once

    def close(self) -> None:
        """Stop the child (killed: it may be in the middle of work that never ends)."""
        self._kill()


#: The children up, all killed when this process exits.
_running: set[subprocess.Popen[bytes]] = set()


@atexit.register
def kill_all() -> None:
    """Kill every child up and what it started (at exit, or when the app is stopped past its
    deadline, `homegame.tui.deadline`)."""
    for process in list(_running):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)


def _child_environment() -> dict[str, str]:
    """The parent's environment, with this copy of homegame first on the child's path."""
    env = dict(os.environ)
    here = str(Path(__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [here, env.get("PYTHONPATH")]))
    return env


# -- the child ---------------------------------------------------------------------------------


def _serve(memory: int | None, nice: int) -> None:
    """The child: keep the request and answer pipes apart from the standard streams, point
    those at the null device, then answer requests until the parent goes away."""
    requests = os.fdopen(os.dup(0), "rb", buffering=0)
    answers = os.fdopen(os.dup(1), "wb", buffering=0)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    parent = os.getppid()
    threading.Thread(target=_orphan_watch, args=(parent,), daemon=True).start()
    if nice:
        os.nice(nice)
    if memory is not None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    import homegame.work as work

    work.warm()
    _send(answers, ("ready", None))
    while True:
        head = requests.read(_HEADER.size)
        if len(head) < _HEADER.size:
            return
        (size,) = _HEADER.unpack(head)
        body = _read_exactly(requests, size)
        if body is None:
            return
        _send(answers, _run(work, body))


def _run(work: Any, body: bytes) -> bytes:
    """The pickled answer to one request: ("ok", result), or ("raised", the class name of
    what the work raised, an answer that cannot be pickled included)."""
    try:
        function, args = pickle.loads(body)
        result = getattr(work, function)(*args)
        return _pickled(("ok", result))
    except BaseException as error:  # whatever the work raises is its failure
        name = type(error).__name__
    return _pickled(("raised", name))


def _pickled(message: tuple[str, Any]) -> bytes:
    return pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)


def _send(answers: Any, message: tuple[str, Any] | bytes) -> None:
    data = message if isinstance(message, bytes) else _pickled(message)
    answers.write(_HEADER.pack(len(data)) + data)


def _read_exactly(stream: Any, size: int) -> bytes | None:
    chunks = []
    while size > 0:
        chunk = stream.read(size)
        if not chunk:
            return None
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def _orphan_watch(parent: int) -> None:
    """End the child when its parent is gone, even in the middle of work that never ends."""
    while True:
        time.sleep(_ORPHAN_CHECK)
        if os.getppid() != parent:
            os._exit(0)


if __name__ == "__main__":
    _serve(int(sys.argv[1]) if sys.argv[1] else None, int(sys.argv[2]))
