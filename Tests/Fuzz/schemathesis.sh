#!/usr/bin/env bash
# Fuzzes boxlike-server from its own spec with schemathesis: every operation of
# specs/boxlike.yaml, with examples from the spec and generated cases, as the enterprise admin.
#
#   Tests/Fuzz/schemathesis.sh [extra `st run` arguments...]
#
# BOXLIKE_SERVER: the boxlike-server executable (default: built with `swift build`).
# BOXLIKE_FUZZ_VENV: the virtual environment for schemathesis (default .build/fuzz-venv).
# BOXLIKE_FUZZ_EXAMPLES: cases per operation (default 3).
# Fails when any request makes the server answer 5xx (`not_a_server_error`), answers with a
# body the spec's schema does not allow (`response_schema_conformance`) or with a status the
# operation does not list (`status_code_conformance`). Generation
# is deterministic and runs one worker, so a run is reproducible; the summary prints how many
# cases ran.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"

server="${BOXLIKE_SERVER:-}"
if [ -z "$server" ]; then
    (cd "$repo" && swift build --product boxlike-server)
    server="$(cd "$repo" && swift build --show-bin-path)/boxlike-server"
fi

venv="${BOXLIKE_FUZZ_VENV:-$repo/.build/fuzz-venv}"
if [ ! -x "$venv/bin/st" ]; then
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements.txt"
fi

work="$(mktemp -d)"
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

"$server" --port 0 --write-credentials "$work/credentials.json" > "$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 200); do
    [ -s "$work/credentials.json" ] && break
    if ! kill -0 "$server_pid" 2>/dev/null; then cat "$work/server.log" >&2; exit 2; fi
    sleep 0.05
done
read -r origin token < <(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(d["origin"], d["admin_user"]["developer_token"])' "$work/credentials.json")

cd "$repo"
"$venv/bin/st" run specs/boxlike.yaml --url "$origin/2.0" -H "Authorization: Bearer $token" \
    --checks not_a_server_error,response_schema_conformance,status_code_conformance --phases examples,fuzzing --generation-deterministic --workers 1 \
    --max-examples "${BOXLIKE_FUZZ_EXAMPLES:-3}" --no-color "$@"
