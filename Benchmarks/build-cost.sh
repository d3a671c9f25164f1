#!/usr/bin/env bash
# What BoxLikeSDK costs an app developer to build, as `figure NAME VALUE` lines:
#   build_clean_app_seconds      a clean debug build of a one-file app that depends on
#                                BoxLikeSDK (every dependency included)
#   build_sdk_modules_seconds    the same app rebuilt after only BoxLikeRuntime and BoxLikeSDK
#                                (and the app) are thrown away: the SDK's own modules
#   build_touch_generated_seconds  an incremental rebuild after one generated model changes
# Run from the repository: `Benchmarks/build-cost.sh`. It builds in a throwaway folder and
# leaves the repository's .build alone. Nothing else should run on the machine meanwhile.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/boxlike-build-cost.XXXXXX")"
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/app/Sources/app" "$work/sdk"
# A copy of the package's sources, so touching a generated file does not touch the repository.
tar -C "$repo" --exclude='./.build*' --exclude='./.git' -cf - . | tar -C "$work/sdk" -xf -

cat > "$work/app/Package.swift" <<EOF
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "app",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "$work/sdk")],
    targets: [
        .executableTarget(name: "app", dependencies: [.product(name: "BoxLikeSDK", package: "sdk")]),
    ]
)
EOF
cat > "$work/app/Sources/app/main.swift" <<'EOF'
import BoxLikeSDK

let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "not-a-real-token"))
let me = try await client.users.getUserMe()
print(me.name ?? "")
EOF

seconds() {
    local start end
    start=$(date +%s.%N)
    "$@" > "$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
    end=$(date +%s.%N)
    awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f", e - s }'
}

cd "$work/app"
swift package resolve > /dev/null 2>&1
echo "figure build_clean_app_seconds $(seconds swift build)"

# Throw away the SDK's own modules (and the app's), keep every dependency's.
debug="$(swift build --show-bin-path)"
rm -rf "$debug"/BoxLikeRuntime.build "$debug"/BoxLikeSDK.build "$debug"/BoxLikeJSON.build "$debug"/app.build \
    "$debug"/Modules/BoxLikeRuntime.* "$debug"/Modules/BoxLikeSDK.* "$debug"/Modules/BoxLikeJSON.* \
    "$debug"/BoxLikeRuntime.swiftmodule "$debug"/BoxLikeSDK.swiftmodule "$debug"/BoxLikeJSON.swiftmodule "$debug"/app
echo "figure build_sdk_modules_seconds $(seconds swift build)"

touch "$work/sdk/Sources/BoxLikeSDK/Generated/Schemas/FileFull.swift"
echo "figure build_touch_generated_seconds $(seconds swift build)"
