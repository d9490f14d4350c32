"""A throwaway PostgreSQL server for tests, run from the machine's own PostgreSQL install."""

from __future__ import annotations

import atexit
import contextlib
import os
import pwd
import re
import shutil
import signal
import socket
import stat
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import IO
from urllib.parse import quote

SUPERUSER = "skytable"
SERVER_USER = "postgres"
START_TIMEOUT = 30.0
STOP_TIMEOUT = 10.0
DEBIAN_ROOT = Path("/usr/lib/postgresql")
TOOLS = ("initdb", "postgres", "pg_isready", "createdb")


class PostgresMissing(RuntimeError):
    """PostgreSQL's server programs are not installed."""

    def __init__(self) -> None:
        where = os.environ.get("SKYTABLE_POSTGRES_BIN")
        hint = f" (SKYTABLE_POSTGRES_BIN={where} lacks one of {', '.join(TOOLS)})" if where else ""
        super().__init__(
            f"PostgreSQL's server programs were not found{hint}. Install them with"
            " `apt-get install postgresql` (Debian/Ubuntu, as root), or set"
            " SKYTABLE_POSTGRES_BIN to the directory holding initdb and postgres."
        )


class PostgresStartError(RuntimeError):
    """The test server could not be set up or did not come up."""


def _is_server_bin(path: Path) -> bool:
    return all(os.access(path / name, os.X_OK) for name in TOOLS)


def _version(path: Path) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", path.parent.name))


def _pg_config_bindir() -> Path | None:
    pg_config = shutil.which("pg_config")
    if pg_config is None:
        return None
    try:
        out = subprocess.run(
            [pg_config, "--bindir"], capture_output=True, text=True, timeout=10, check=True
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return Path(out.stdout.strip())


def binaries() -> Path | None:
    """The directory of the newest installed PostgreSQL's server programs, if any."""
    override = os.environ.get("SKYTABLE_POSTGRES_BIN")
    if override:
        return Path(override) if _is_server_bin(Path(override)) else None
    debian = [path for path in DEBIAN_ROOT.glob("*/bin") if _is_server_bin(path)]
    configured = _pg_config_bindir()
    # Debian's pg_config names the libpq-dev version, which need not be the newest server.
    if configured and configured.parent.parent != DEBIAN_ROOT and _is_server_bin(configured):
        return configured
    return max(debian, key=_version, default=None)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _reachable_by_others(directory: Path) -> bool:
    return all(path.stat().st_mode & stat.S_IXOTH for path in (directory, *directory.parents))


def _client_env() -> dict[str, str]:
    # PG* variables (PGHOST, PGOPTIONS, ...) from the caller's shell must not reach our tools.
    env = {key: value for key, value in os.environ.items() if not key.startswith("PG")}
    env["LC_ALL"] = "C"
    return env


class PostgresServer:
    """A PostgreSQL cluster in a temporary directory, on a free port of 127.0.0.1.

    initdb and postgres refuse to run as root, so as root they run as the `postgres` user.
    """

    def __init__(self, superuser: str = SUPERUSER) -> None:
        self.superuser = superuser
        self.directory: Path | None = None
        self.port: int | None = None
        self._bin: Path | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._as: pwd.struct_passwd | None = None

    @property
    def data_dir(self) -> Path:
        return self._dir() / "data"

    @property
    def log_file(self) -> Path:
        return self._dir() / "server.log"

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process else None

    def start(self) -> PostgresServer:
        if self.directory is not None:
            raise RuntimeError("the server is already started")
        self._bin = binaries()
        if self._bin is None:
            raise PostgresMissing
        atexit.register(self.stop)
        try:
            self._make_directory()
            self._initdb()
            self._launch()
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        """Shut the server down (fast shutdown, then SIGKILL) and delete its directory."""
        atexit.unregister(self.stop)
        self._halt()
        if self.directory is not None:
            shutil.rmtree(self.directory, ignore_errors=True)
        self.directory = None
        self.port = None

    def __enter__(self) -> PostgresServer:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()

    def url(self, database: str = "postgres") -> str:
        if self.port is None:
            raise RuntimeError("the server is not started")
        return f"postgresql://{self.superuser}@127.0.0.1:{self.port}/{quote(database, safe='')}"

    def create_database(self, name: str) -> str:
        """Create an empty database and return its URL."""
        self._client("createdb", "--", name)
        return self.url(name)

    def _dir(self) -> Path:
        if self.directory is None:
            raise RuntimeError("the server is not started")
        return self.directory

    def _make_directory(self) -> None:
        base = Path(tempfile.gettempdir())
        if os.geteuid() == 0:
            try:
                self._as = pwd.getpwnam(SERVER_USER)
            except KeyError:
                raise PostgresStartError(
                    f"running as root, but there is no `{SERVER_USER}` user to run PostgreSQL as"
                    " (Debian's postgresql package creates it)"
                ) from None
            if not _reachable_by_others(base):
                base = Path("/tmp")
        self.directory = Path(tempfile.mkdtemp(prefix="skytable-pg-", dir=base))
        if self._as is not None:
            os.chown(self.directory, self._as.pw_uid, self._as.pw_gid)

    def _server_tool(
        self, *args: str | Path, output: IO[bytes] | int, session: bool = False
    ) -> subprocess.Popen[bytes]:
        assert self._bin is not None
        account = self._as
        return subprocess.Popen(
            [str(self._bin / str(args[0])), *map(str, args[1:])],
            cwd=self._dir(),
            env=_client_env(),
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
            user=account.pw_uid if account else None,
            group=account.pw_gid if account else None,
            extra_groups=[] if account else None,
            start_new_session=session,
        )

    def _initdb(self) -> None:
        initdb = self._server_tool(
            "initdb",
            *("-D", self.data_dir, "-U", self.superuser, "--auth=trust", "-E", "UTF8"),
            *("--no-locale", "--no-sync", "--no-instructions"),
            output=subprocess.PIPE,
        )
        output, _ = initdb.communicate()
        if initdb.returncode != 0:
            raise PostgresStartError(f"initdb failed:\n{output.decode(errors='replace')}")

    def _launch(self) -> None:
        for _attempt in range(3):
            self.port = _free_port()
            with self.log_file.open("ab") as log:
                self._process = self._server_tool(
                    "postgres",
                    *("-D", self.data_dir, "-p", str(self.port), "-k", self._dir()),
                    *("-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"),
                    *("-c", "synchronous_commit=off", "-c", "full_page_writes=off"),
                    output=log,
                    # Its own session: a Ctrl-C meant for pytest must not reach the server.
                    session=True,
                )
            if self._wait_ready():
                return
            self._halt()
            # Another process may have taken the port between probing and binding it.
            if "could not bind" not in self.log_file.read_text(errors="replace"):
                break
        log_text = self.log_file.read_text(errors="replace")
        raise PostgresStartError(f"PostgreSQL did not start; its log:\n{log_text}")

    def _wait_ready(self) -> bool:
        assert self._process is not None
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline and self._process.poll() is None:
            if self._client("pg_isready", "-d", "postgres", "-t", "1", check=False).returncode == 0:
                return True
            time.sleep(0.05)
        return False

    def _halt(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        # Backends outlive a killed postmaster for a moment; they share its process group.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)

    def _client(
        self, tool: str, *args: str, check: bool = True
    ) -> subprocess.CompletedProcess[str]:
        assert self._bin is not None and self.port is not None
        where = ("-h", "127.0.0.1", "-p", str(self.port), "-U", self.superuser)
        done = subprocess.run(
            [str(self._bin / tool), *where, *args],
            env=_client_env(),
            capture_output=True,
            text=True,
            timeout=START_TIMEOUT,
        )
        if check and done.returncode != 0:
            raise PostgresStartError(f"{tool} {' '.join(args)} failed:\n{done.stderr}")
        return done
