#!/usr/bin/env bash
# Runs the compatibility suite: Box's official Python SDK (boxsdk 10.x, pinned in
# requirements.txt) against a boxlike-server started here on an ephemeral loopback port.
#
#   Tests/Compatibility/run.sh [pytest arguments...]
#
# BOXLIKE_SERVER: the boxlike-server executable to start; without it the script builds it
#   (`swift build --product boxlike-server`) and takes it from `swift build --show-bin-path`.
# BOXLIKE_COMPAT_VENV: the virtual environment to install the requirements into
#   (default .build/compat-venv, created when missing).
# Exits with pytest's status: non-zero when a scenario fails or an xfail starts passing.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"

server="${BOXLIKE_SERVER:-}"
if [ -z "$server" ]; then
    echo "== building boxlike-server"
    (cd "$repo" && swift build --product boxlike-server)
    server="$(cd "$repo" && swift build --show-bin-path)/boxlike-server"
fi
if [ ! -x "$server" ]; then
    echo "boxlike-server not found or not executable: $server" >&2
    exit 2
fi

venv="${BOXLIKE_COMPAT_VENV:-$repo/.build/compat-venv}"
if [ ! -x "$venv/bin/python" ]; then
    echo "== creating $venv"
    if ! python3 -m venv "$venv"; then
        echo "python3 -m venv failed: on Debian or Ubuntu, apt-get install python3-venv" >&2
        exit 2
    fi
fi
# box-sdk-gen (the SDK's name before boxsdk 10) ships the same box_sdk_gen module: a venv made
# for it must not keep it beside boxsdk.
if "$venv/bin/python" -m pip show --quiet box-sdk-gen >/dev/null 2>&1; then
    "$venv/bin/python" -m pip uninstall --quiet --yes box-sdk-gen
fi
echo "== installing $(grep -v '^#' "$here/requirements.txt" | tr '\n' ' ')"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements.txt"

work="$(mktemp -d)"
server_pid=""
stop_server() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap stop_server EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

echo "== starting $server"
"$server" --port 0 --write-credentials "$work/credentials.json" --write-jwt-config "$work/jwt-config.json" \
    >"$work/server.log" 2>&1 &
server_pid=$!

# The credentials file appears once the server listens (it holds the port it was given).
for _ in $(seq 1 300); do
    [ -s "$work/credentials.json" ] && break
    if ! kill -0 "$server_pid" 2>/dev/null; then
        echo "boxlike-server exited before it was ready:" >&2
        cat "$work/server.log" >&2
        exit 2
    fi
    sleep 0.1
done
if [ ! -s "$work/credentials.json" ]; then
    echo "boxlike-server was not ready after 30 seconds:" >&2
    cat "$work/server.log" >&2
    exit 2
fi
head -n 1 "$work/server.log"

echo "== pytest"
set +e
BOXLIKE_CREDENTIALS="$work/credentials.json" BOXLIKE_JWT_CONFIG="$work/jwt-config.json" \
    "$venv/bin/python" -m pytest "$here" -p no:cacheprovider "$@"
status=$?
set -e
if [ "$status" != "0" ]; then
    echo "== server output (last 40 lines)"
    tail -n 40 "$work/server.log"
fi
exit "$status"
