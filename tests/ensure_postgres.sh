#!/usr/bin/env bash
# Makes sure PostgreSQL's server programs are installed: the tests start a throwaway server
# of their own from them (tests/postgres_server.py). As root on Debian, installs them.
set -euo pipefail

if [[ -n "${SKYTABLE_POSTGRES_BIN:-}" ]]; then
    if [[ -x "$SKYTABLE_POSTGRES_BIN/initdb" && -x "$SKYTABLE_POSTGRES_BIN/postgres" ]]; then
        exit 0
    fi
    echo "SKYTABLE_POSTGRES_BIN=$SKYTABLE_POSTGRES_BIN holds no initdb and postgres." >&2
    exit 1
fi

have_server() {
    compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null && return 0
    local bindir
    bindir=$(pg_config --bindir 2>/dev/null) && [[ -x "$bindir/initdb" ]]
}

if have_server; then
    exit 0
fi

if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null; then
    cat >&2 <<'EOF'
PostgreSQL's server programs (initdb, postgres) are missing; the tests start their own
throwaway PostgreSQL server from them. Install them, on Debian/Ubuntu with:
    sudo apt-get install postgresql
or set SKYTABLE_POSTGRES_BIN to a directory holding initdb and postgres.
EOF
    exit 1
fi

echo "Installing PostgreSQL for the tests (apt-get install postgresql)..." >&2

# Keep the package's post-install from starting its default cluster: the tests run their own.
policy=/usr/sbin/policy-rc.d
if [[ ! -e $policy ]]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod 755 "$policy"
    trap 'rm -f "$policy"' EXIT
fi

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends postgresql >/dev/null

# In case a service was started anyway (another policy-rc.d, systemd in a full machine).
if command -v pg_lsclusters >/dev/null; then
    pg_lsclusters --no-header 2>/dev/null | while read -r version name _; do
        pg_ctlcluster "$version" "$name" stop >/dev/null 2>&1 || true
    done || true
fi
if command -v systemctl >/dev/null && [[ -d /run/systemd/system ]]; then
    systemctl stop postgresql >/dev/null 2>&1 || true
fi

if ! have_server; then
    echo "apt-get installed postgresql, but initdb is still not to be found." >&2
    exit 1
fi
