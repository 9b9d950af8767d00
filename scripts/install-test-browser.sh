#!/usr/bin/env bash
# Installs the browser the web tests drive: Debian's Chromium and ChromeDriver
# (/usr/bin/chromium, /usr/bin/chromedriver). Idempotent: does nothing when Chromium is there.
# Never downloads a browser build of its own (no `playwright install`).
set -euo pipefail

if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
    echo "install-test-browser: $(/usr/bin/chromium --version 2>/dev/null || echo chromium) already installed"
    exit 0
fi

SUDO=""
if [ "$(id -u)" != "0" ]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    else
        echo "install-test-browser: need root (or sudo) to apt-get install chromium chromium-driver" >&2
        exit 1
    fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-test-browser: apt-get not found; install Chromium and ChromeDriver at /usr/bin yourself" >&2
    exit 1
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends chromium chromium-driver fonts-dejavu-core
echo "install-test-browser: $(/usr/bin/chromium --version 2>/dev/null || echo 'chromium installed')"
