#!/usr/bin/env bash
# Makes sure Chromium is installed, with fonts for its emoji: the web pages' tests drive it with
# Playwright (tests/web/browser.py). As root on Debian, installs Debian's packages.
set -euo pipefail

if [[ -n "${SKYTABLE_CHROMIUM:-}" ]]; then
    if [[ -x "$SKYTABLE_CHROMIUM" ]]; then
        exit 0
    fi
    echo "SKYTABLE_CHROMIUM=$SKYTABLE_CHROMIUM is not a program." >&2
    exit 1
fi

have_browser() {
    command -v chromium >/dev/null && fc-list 2>/dev/null | grep -qi "noto color emoji"
}

if have_browser; then
    exit 0
fi

if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null; then
    cat >&2 <<'EOF2'
Chromium, or the emoji font, is missing; the web pages' tests drive Chromium. Install them, on
Debian/Ubuntu with:
    sudo apt-get install chromium fonts-noto-color-emoji fonts-dejavu-core
or set SKYTABLE_CHROMIUM to a Chromium program.
EOF2
    exit 1
fi

echo "Installing Chromium for the tests (apt-get install chromium)..." >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends \
    chromium fonts-noto-color-emoji fonts-dejavu-core fontconfig >/dev/null

if ! have_browser; then
    echo "apt-get installed chromium, but it is still not to be found." >&2
    exit 1
fi
